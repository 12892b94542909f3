import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CONTACT_ENDPOINTS,
  CONTACT_LIMITS,
  contactReplySchema,
  type ContactMessageDetail,
  type ContactMessageSummary,
} from '@shared/contact/contact.js';
import { api } from '../../api/api.js';
import { useApiData } from '../../api/useApiData.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { schemaFieldErrors } from '../../forms/schemaFieldErrors.js';
import { SubmitButton } from '../../forms/SubmitButton.js';
import { useForm } from '../../forms/useForm.js';
import { formatDateTime } from '../../format/dates.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { TextAreaField } from '../fields/TextAreaField.js';
import { messageState } from './inboxState.js';

/** /admin/inbox/:id: one contact message, marked read on opening, with its replies and a reply form. */
export function ContactMessageView({ id }: { id: number }) {
  const message = useApiData<ContactMessageDetail>(CONTACT_ENDPOINTS.message(id));
  const [readAt, setReadAt] = useState<string | null>(null);
  const marking = useRef(false);
  const data = message.data;

  // Opening an unread message marks it read (once), so the inbox shows it was seen.
  useEffect(() => {
    if (!data || data.readAt || marking.current) return;
    marking.current = true;
    void api.post<ContactMessageSummary>(CONTACT_ENDPOINTS.read(id)).then((result) => {
      if (result.data) setReadAt(result.data.readAt);
    });
  }, [data, id]);

  return (
    <section aria-labelledby="admin-message-heading">
      <p className="admin-back">
        <Link to={ADMIN_PATHS.inbox}>← Inbox</Link>
      </p>
      {message.failure ? (
        <>
          <h2 id="admin-message-heading" className="section-heading">
            Message
          </h2>
          <ErrorState failure={message.failure} onRetry={message.reload} />
        </>
      ) : !data ? (
        <>
          <h2 id="admin-message-heading" className="section-heading">
            Message
          </h2>
          <LoadingState label="Loading the message…" />
        </>
      ) : (
        <MessageBody message={{ ...data, readAt: data.readAt ?? readAt }} onReplied={message.reload} />
      )}
    </section>
  );
}

function MessageBody({ message, onReplied }: { message: ContactMessageDetail; onReplied: () => void }) {
  const state = messageState(message);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<{ text: string }, ContactMessageDetail>({
    initialValues: { text: '' },
    validate: (values) => schemaFieldErrors(contactReplySchema, values, ['text'] as const),
    submit: (values) => api.post<ContactMessageDetail>(CONTACT_ENDPOINTS.reply(message.id), values),
    onSuccess: () => {
      form.reset();
      setNotice(`Reply mailed to ${message.email}.`);
      onReplied();
    },
  });
  const reply = form.field('text');
  const facts = [
    { label: 'From', value: `${message.name} <${message.email}>` },
    { label: 'Member', value: message.user ? message.user.username : 'Not signed in' },
    { label: 'Received', value: formatDateTime(message.createdAt) },
    ...(message.answeredAt ? [{ label: 'Answered', value: formatDateTime(message.answeredAt) }] : []),
  ];
  return (
    <>
      <div className="admin-section-head">
        <h2 id="admin-message-heading" className="section-heading admin-inbox-subject">
          {message.subject}
        </h2>
        <span className={`admin-state admin-inbox-state-${state.key}`} data-testid="admin-message-state">
          {state.label}
        </span>
      </div>
      <dl className="admin-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-inbox-text" data-testid="admin-message-text">
        {message.message}
      </p>
      {message.replies.length > 0 && (
        <>
          <h3>Replies</h3>
          <ul className="admin-announcements">
            {message.replies.map((sent) => (
              <li key={sent.id} className="admin-announcement" data-testid="admin-message-reply">
                <p className="muted">
                  {sent.admin?.username ?? 'A former admin'} · {formatDateTime(sent.createdAt)}
                </p>
                <p className="admin-inbox-text">{sent.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <h3>Reply by mail</h3>
        <FormAlert errors={form.formErrors} />
        <TextAreaField
          label={`Your reply to ${message.email}`}
          rows={6}
          maxLength={CONTACT_LIMITS.replyMax}
          name="text"
          value={reply.value}
          error={reply.error}
          onValue={(value) => {
            setNotice(null);
            form.setValue('text', value);
          }}
        />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Sending…">
            Send reply
          </SubmitButton>
        </div>
        <p role="status" className="form-status">
          {notice ?? ''}
        </p>
      </form>
    </>
  );
}
