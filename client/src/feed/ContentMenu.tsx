import { useSetAtom } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import type { PostAuthor } from '@shared/campaigns/campaigns.js';
import { REPORT_REASON_MAX } from '@shared/feed/safety.js';
import { FormAlert } from '../forms/FormAlert.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { feedApi } from './feedApi.js';
import { removeAuthorAtom } from './feedsAtom.js';

type ReportTarget = { pid: number } | { commentId: number };

/** "More actions" on someone else's post or comment: report it to the admins, or block its author. */
export function ContentMenu({ target, author, what }: { target: ReportTarget; author: PostAuthor; what: 'post' | 'comment' }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const openModal = useSetAtom(openModalAtom);
  const toggle = useRef<HTMLButtonElement>(null);

  const choose = (action: 'report' | 'block') => {
    setOpen(false);
    const id = `${action}-${what}-${'pid' in target ? target.pid : target.commentId}`;
    openModal(
      action === 'report'
        ? { id, header: `Report this ${what}`, noFooter: true, body: <ReportForm modalId={id} target={target} what={what} /> }
        : { id, header: `Block ${author.first_name}?`, noFooter: true, body: <BlockConfirm modalId={id} author={author} /> },
    );
  };

  return (
    <div
      className="content-menu"
      onKeyDown={(event) => event.key === 'Escape' && open && (setOpen(false), toggle.current?.focus())}
    >
      <button
        ref={toggle}
        type="button"
        className="link-button content-menu-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">More actions on this {what}</span>
      </button>
      {open && (
        <ul id={menuId} className="content-menu-list">
          <li>
            <button type="button" onClick={() => choose('report')}>
              Report this {what}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => choose('block')}>
              Block {author.first_name}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function ReportForm({ modalId, target, what }: { modalId: string; target: ReportTarget; what: string }) {
  const close = useSetAtom(closeModalAtom);
  const toast = useSetAtom(pushToastAtom);
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await feedApi.report({ ...target, reason });
    setBusy(false);
    if (!isSuccess(result.status)) return setErrors(errorsOrFallback(result.errors, result.status));
    close({ id: modalId, force: true });
    toast({ header: 'Thank you', body: `The ${what} was reported to the team.` });
  };
  return (
    <form className="report-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>What is wrong with it? (optional)</label>
      <textarea
        id={id}
        value={reason}
        maxLength={REPORT_REASON_MAX}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert errors={errors} />
      <div className="comment-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Report
        </button>
        <button type="button" className="button" onClick={() => close({ id: modalId, force: true })}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function BlockConfirm({ modalId, author }: { modalId: string; author: PostAuthor }) {
  const close = useSetAtom(closeModalAtom);
  const removeAuthor = useSetAtom(removeAuthorAtom);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const confirm = async () => {
    setBusy(true);
    const result = await feedApi.block(author.id);
    setBusy(false);
    if (!isSuccess(result.status)) return setErrors(errorsOrFallback(result.errors, result.status));
    close({ id: modalId, force: true });
    removeAuthor(author.id);
  };
  return (
    <div className="block-confirm">
      <p>
        Neither of you will see the other’s posts, comments or feels anywhere: feeds, search, follower lists or the surf bar.
        Neither can comment on the other’s posts, follow the other or notify them.
      </p>
      <FormAlert errors={errors} />
      <div className="comment-form-actions">
        <button type="button" className="button button-danger" disabled={busy} onClick={() => void confirm()}>
          Block
        </button>
        <button type="button" className="button" onClick={() => close({ id: modalId, force: true })}>
          Cancel
        </button>
      </div>
    </div>
  );
}
