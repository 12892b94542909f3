import { EMAILED_CODES_PER_DAY } from '@shared/surf/challenge-email.js';
import type { MailContent } from '../mail/mail.templates.js';

/** The texts of the challenge's code by email, for people: code reads the error codes they come with. */
export const CHALLENGE_EMAIL_TEXTS = {
  dailyLimit: {
    heading: 'No more codes by email today',
    message: `You can get ${EMAILED_CODES_PER_DAY} codes by email a day; pick the code in the picture.`,
  },
  alreadySent: {
    heading: 'Code already sent',
    message: 'The code for this view is already on its way to your mail: enter it below the picture.',
  },
  unconfirmed: {
    heading: 'Email address not confirmed',
    message: 'Codes go only to a confirmed address. Confirm yours first, or pick the code in the picture.',
  },
} as const;

/** The mail with a challenge's code. Account mail: it goes out whatever the member's mail choices. */
export function challengeCodeMail(firstName: string, code: string): MailContent {
  return {
    category: 'account',
    subject: `Your surf bar verification code: ${code}`,
    paragraphs: [
      `Hi ${firstName},`,
      `Your code for the surf bar's verification is ${code}.`,
      'Enter it below the picture in Earn Credits, then press Next. It answers the view on screen only.',
      'If you did not ask for a code, someone else may be using your account: change your password.',
    ],
  };
}

/** An address shown on screen: its first character, then the domain (jane@example.test → j***@example.test). */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}
