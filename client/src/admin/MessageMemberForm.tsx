import { useEffect, useId, useState } from 'react';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ADMIN_USER_ENDPOINTS, type AdminUserRow } from '@shared/admin/users.js';
import { adminMessageSchema, type AdminMessagePayload } from '@shared/notifications/admin-message.schema.js';
import { NOTIFICATION_ENDPOINTS, type NotificationItem } from '@shared/notifications/notifications.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { TextAreaField } from './fields/TextAreaField.js';

const EMPTY = { member: '', heading: '', body: '', link: '' };
type MessageValues = typeof EMPTY;

const messagePayload = (values: MessageValues): AdminMessagePayload => ({
  heading: values.heading,
  body: values.body,
  ...(values.link.trim() ? { link: values.link } : {}),
});

/** How long typing pauses before the members are searched. */
const SEARCH_PAUSE_MS = 250;
const SEARCH_MIN_LENGTH = 2;

/** The member a typed username or email names exactly (any case), among those found. */
function chosenMember(typed: string, found: AdminUserRow[]): AdminUserRow | null {
  const wanted = typed.trim().toLowerCase();
  return found.find((row) => row.username.toLowerCase() === wanted || row.email.toLowerCase() === wanted) ?? null;
}

/**
 * The members whose username, email or first name contain what was typed (the Users tab's search),
 * searched once typing pauses; the last list stays while the next loads.
 */
function useMemberSuggestions(typed: string): AdminUserRow[] {
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useApiData<Paged<AdminUserRow>>(
    query.length >= SEARCH_MIN_LENGTH ? `${ADMIN_USER_ENDPOINTS.users}?${new URLSearchParams({ q: query })}` : null,
  );
  return found.data?.items ?? [];
}

/**
 * Sends one member a notification: it appears at once in their open tabs and in /notifications.
 * The member is found by username or email, with suggestions as the admin types; given `member`
 * (a member's admin page), it writes to them and asks for no one.
 */
export function MessageMemberForm({ member }: { member?: { id: number; username: string } } = {}) {
  const [sent, setSent] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const suggestions = useMemberSuggestions(member ? '' : typed);
  const suggestionsId = useId();
  const recipientOf = (values: MessageValues) => member ?? chosenMember(values.member, suggestions);
  const form = useForm<MessageValues, NotificationItem>({
    initialValues: EMPTY,
    validate: (values) => ({
      ...schemaFieldErrors(adminMessageSchema, messagePayload(values), ['heading', 'body', 'link'] as const),
      ...(recipientOf(values) === null
        ? {
            member: {
              message: values.member.trim()
                ? 'No member has that username or email: choose one of the suggestions.'
                : 'Enter the member’s username or email.',
            },
          }
        : {}),
    }),
    submit: (values) =>
      api.post<NotificationItem>(
        `${NOTIFICATION_ENDPOINTS.adminNotifyUser}/${recipientOf(values)!.id}/notify`,
        messagePayload(values),
      ),
    onSuccess: (_notification, values) => {
      const recipient = recipientOf(values);
      form.reset(EMPTY);
      setTyped('');
      setSent(`Sent to ${recipient?.username ?? 'the member'}.`);
    },
  });
  const body = form.field('body');
  const memberField = form.field('member');
  const recipient = member ? null : chosenMember(memberField.value, suggestions);
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
        {!member && (
          <>
            <TextField
              label="Member"
              hint={
                recipient
                  ? `To ${recipient.username} (${recipient.email}).`
                  : 'Type part of a username or email, then choose from the suggestions.'
              }
              autoComplete="off"
              list={suggestionsId}
              {...memberField}
              onChange={(event) => {
                memberField.onChange(event);
                setTyped(event.target.value);
              }}
            />
            <datalist id={suggestionsId}>
              {suggestions.map((row) => (
                <option key={row.id} value={row.username} label={row.email} />
              ))}
            </datalist>
          </>
        )}
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
