import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { CONTACT_ENDPOINTS, CONTACT_LIMITS, contactMessageSchema } from '@shared/contact/contact.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { TextAreaField } from '../admin/fields/TextAreaField.js';
import { QueuedMessages } from '../messages/QueuedMessages.js';
import { sendMessage } from '../messages/sendMessage.js';
import { userAtom } from '../sessions/userAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

/** Where the queued-messages list shows this form's message while it goes out. */
const QUEUE_TARGET = 'contact';
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** /contact: anyone writes to the admins; a member's name and address are filled in and can be changed. */
export default function ContactPage() {
  usePageTitle('Contact');
  const website = useAtomValue(websiteAtom);
  const user = useAtomValue(userAtom);
  const [sent, setSent] = useState<{ subject: string; email: string } | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const initialValues = { name: user?.first_name ?? '', email: user?.email ?? '', subject: '', message: '' };
  const form = useForm<typeof initialValues, null>({
    initialValues,
    validate: (values) => schemaFieldErrors(contactMessageSchema, values, FIELDS),
    // The message leaves through the tab's queue, so it shows as waiting, then sending, until the server has it.
    submit: (values) =>
      sendMessage({ target: QUEUE_TARGET, text: values.subject }, () => api.post<null>(CONTACT_ENDPOINTS.send, values)),
    onSuccess: (_answer, values) => {
      setSent({ subject: values.subject, email: values.email.trim() });
      form.reset({ ...initialValues, subject: '', message: '' });
    },
  });

  useEffect(() => {
    if (sent !== null) sentRef.current?.focus();
  }, [sent]);

  const message = form.field('message');
  return (
    <article className="page prose">
      <h1>Contact</h1>
      <p>Questions about your account, a payment or a post? Write to us here and we answer by mail within two working days.</p>
      {sent !== null ? (
        <div ref={sentRef} tabIndex={-1} className="status-message" role="status" data-testid="contact-sent">
          <h2>Message sent</h2>
          <p>
            Thank you. We received “{sent.subject}” and will answer at {sent.email} within two working days.
          </p>
          <button type="button" className="button" onClick={() => setSent(null)}>
            Write another message
          </button>
        </div>
      ) : (
        <form ref={form.formRef} className="form form-narrow" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormAlert errors={form.formErrors} />
          <TextField label="Your name" autoComplete="name" maxLength={CONTACT_LIMITS.name} {...form.field('name')} />
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            hint="We answer to this address."
            maxLength={CONTACT_LIMITS.email}
            {...form.field('email')}
          />
          <TextField label="Subject" autoComplete="off" maxLength={CONTACT_LIMITS.subject} {...form.field('subject')} />
          <TextAreaField
            label="Message"
            hint={`${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax.toLocaleString()} characters.`}
            rows={8}
            maxLength={CONTACT_LIMITS.messageMax}
            name="message"
            value={message.value}
            error={message.error}
            onValue={(value) => form.setValue('message', value)}
          />
          <QueuedMessages target={QUEUE_TARGET} />
          <div className="form-actions">
            <SubmitButton busy={form.submitting} busyLabel="Sending…">
              Send message
            </SubmitButton>
          </div>
        </form>
      )}
      {website?.companyRegistration && <p className="muted">{website.companyRegistration}</p>}
    </article>
  );
}
