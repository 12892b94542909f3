import { useState } from 'react';
import { adminMessageSchema, type AdminMessagePayload } from '@shared/notifications/admin-message.schema.js';
import { NOTIFICATION_ENDPOINTS, type NotificationItem } from '@shared/notifications/notifications.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { TextAreaField } from './fields/TextAreaField.js';

const EMPTY = { memberId: '', heading: '', body: '', link: '' };
type MessageValues = typeof EMPTY;

const messagePayload = (values: MessageValues): AdminMessagePayload => ({
  heading: values.heading,
  body: values.body,
  ...(values.link.trim() ? { link: values.link } : {}),
});

const memberIdOf = (value: string): number | null => (/^\s*\d{1,9}\s*$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * Sends one member a notification: it appears at once in their open tabs and in /notifications.
 * Given `member` (a member's admin page), it writes to them and asks for no id.
 */
export function MessageMemberForm({ member }: { member?: { id: number; username: string } } = {}) {
  const [sent, setSent] = useState<string | null>(null);
  const start = member ? { ...EMPTY, memberId: String(member.id) } : EMPTY;
  const form = useForm<MessageValues, NotificationItem>({
    initialValues: start,
    validate: (values) => ({
      ...schemaFieldErrors(adminMessageSchema, messagePayload(values), ['heading', 'body', 'link'] as const),
      ...(memberIdOf(values.memberId) === null ? { memberId: { message: 'Enter the member’s id, a whole number.' } } : {}),
    }),
    submit: (values) =>
      api.post<NotificationItem>(
        `${NOTIFICATION_ENDPOINTS.adminNotifyUser}/${memberIdOf(values.memberId)}/notify`,
        messagePayload(values),
      ),
    onSuccess: (_notification, values) => {
      form.reset(start);
      setSent(member ? `Sent to ${member.username}.` : `Sent to member ${memberIdOf(values.memberId)}.`);
    },
  });
  const body = form.field('body');
  return (
    <section aria-labelledby="admin-message-heading">
      <h2 id="admin-message-heading" className="section-heading">
        {member ? `Message ${member.username}` : 'Message a member'}
      </h2>
      <form
        ref={form.formRef}
        className="form form-narrow"
        noValidate
        onSubmit={(event) => {
          setSent(null);
          void form.handleSubmit(event);
        }}
      >
        <FormAlert errors={form.formErrors} />
        {!member && <TextField label="Member id" inputMode="numeric" autoComplete="off" {...form.field('memberId')} />}
        <TextField label="Heading" autoComplete="off" {...form.field('heading')} />
        <TextAreaField
          label="Message"
          rows={4}
          name="body"
          value={body.value}
          error={body.error}
          onValue={(value) => form.setValue('body', value)}
        />
        <TextField
          label="Link (optional)"
          hint="A path on this site, such as /settings, or an https address."
          autoComplete="off"
          {...form.field('link')}
        />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Sending…">
            Send message
          </SubmitButton>
        </div>
        <p role="status" className="form-status">
          {sent ?? ''}
        </p>
      </form>
    </section>
  );
}
