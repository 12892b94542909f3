import type { EmailCategory } from '@shared/accounts/account.schemas.js';

export interface MailContent {
  category: EmailCategory;
  subject: string;
  /** Paragraphs of plain text; a paragraph that is a URL becomes a link in the HTML part. */
  paragraphs: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Plain text plus simple HTML, each ending with the link to the reader's mail preferences. */
export function renderMail(siteName: string, content: MailContent, emailSettingsUrl: string): RenderedMail {
  return renderWithFooter(content, {
    text: `You receive this because you have an account at ${siteName}. Choose which mails you get: ${emailSettingsUrl}`,
    html: `You receive this because you have an account at ${escapeHtml(siteName)}.
<a href="${escapeHtml(emailSettingsUrl)}">Choose which mails you get</a>.`,
  });
}

/** A mail to an address with no account behind it (a reply to a contact message): no preferences link. */
export function renderAddressMail(siteName: string, content: MailContent): RenderedMail {
  const footer = `You receive this because you wrote to ${siteName} through its contact page.`;
  return renderWithFooter(content, { text: footer, html: escapeHtml(footer) });
}

function renderWithFooter(content: MailContent, footer: { text: string; html: string }): RenderedMail {
  const text = [...content.paragraphs, '--', footer.text].join('\n\n');
  const htmlParagraphs = content.paragraphs
    .map((paragraph) =>
      /^https?:\/\/\S+$/.test(paragraph)
        ? `<p><a href="${escapeHtml(paragraph)}">${escapeHtml(paragraph)}</a></p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
${htmlParagraphs}
<hr><p style="color:#475569;font-size:12px">${footer.html}</p>
</body></html>`;
  return { subject: content.subject, text, html };
}

export const mails = {
  confirmEmail: (firstName: string, link: string): MailContent => ({
    category: 'account',
    subject: 'Confirm your email address',
    paragraphs: [
      `Hi ${firstName},`,
      'Please confirm your email address by opening this link:',
      link,
      'If you did not sign up, ignore this mail.',
    ],
  }),
  changeEmail: (firstName: string, link: string): MailContent => ({
    category: 'account',
    subject: 'Confirm your new email address',
    paragraphs: [
      `Hi ${firstName},`,
      'Open this link to make this your account’s email address:',
      link,
      'Until you do, your old address stays in use.',
    ],
  }),
  resetPassword: (firstName: string, link: string): MailContent => ({
    category: 'account',
    subject: 'Reset your password',
    paragraphs: [
      `Hi ${firstName},`,
      'Open this link within one hour to choose a new password:',
      link,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  }),
  invite: (firstName: string, link: string): MailContent => ({
    category: 'account',
    subject: 'Your account is ready',
    paragraphs: [
      `Hi ${firstName},`,
      'An account was created for you. Open this link to choose your username and password:',
      link,
    ],
  }),
  teamInvite: (firstName: string, inviter: string, teamName: string, link: string, days: number): MailContent => ({
    category: 'account',
    subject: `${inviter} invited you to the team ${teamName}`,
    paragraphs: [
      `Hi ${firstName},`,
      `${inviter} invited you to run the team ${teamName} with them. Open this link to accept or decline:`,
      link,
      `The link works once and for ${days} days. If you do not know ${inviter}, ignore this mail.`,
    ],
  }),
  /** To every admin: a message arrived through /contact. */
  contactReceived: (from: string, email: string, subject: string, message: string, link: string): MailContent => ({
    category: 'account',
    subject: `Contact: ${subject}`,
    paragraphs: [`${from} <${email}> wrote through the contact page:`, message, 'Read and answer it in the admin inbox:', link],
  }),
  /** To the sender of a contact message: an admin's answer. */
  contactReply: (name: string, subject: string, reply: string): MailContent => ({
    category: 'account',
    subject: `Re: ${subject}`,
    paragraphs: [`Hi ${name},`, reply],
  }),
  referralJoined: (firstName: string, username: string): MailContent => ({
    category: 'referrals',
    subject: `${username} joined through your link`,
    paragraphs: [`Hi ${firstName},`, `${username} just signed up through your referral link.`],
  }),
};
