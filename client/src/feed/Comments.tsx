import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { COMMENT_LIMITS, type FeedComment } from '@shared/feed/comments.js';
import { FormAlert } from '../forms/FormAlert.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import { formatDateTime } from '../format/dates.js';
import { QueuedMessages } from '../messages/QueuedMessages.js';
import { sendMessage } from '../messages/sendMessage.js';
import { PostAuthorButton } from '../posts/ProfilePopup.js';
import { userAtom } from '../sessions/userAtom.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { ContentMenu } from './ContentMenu.js';
import { feedApi } from './feedApi.js';
import {
  splitComments,
  withComment,
  withOlderReplies,
  withoutComment,
  type StoredComment,
  type StoredEntry,
} from './feedState.js';
import { updateFeedAtom } from './feedsAtom.js';
import { feelsAtom, storeFeelsAtom } from './feelsAtom.js';
import { FeelsBar } from './FeelsBar.js';

/** Stores comments from an answer: the feed gets them without feels, the feels atom their feels. */
function useReceiveComment() {
  const update = useSetAtom(updateFeedAtom);
  const storeFeels = useSetAtom(storeFeelsAtom);
  const known = useAtomValue(feelsAtom);
  return (comment: FeedComment, commentCount: (entry: StoredEntry) => number) => {
    const { comments, feels } = splitComments([comment]);
    storeFeels(Object.fromEntries(Object.entries(feels).filter(([key]) => !(key in known))));
    update({ pid: comment.pid, change: (entry) => withComment(entry, comments[0], commentCount(entry)) });
  };
}

/**
 * A post's comments (oldest first), each with its replies, and a "Comment" button that opens the
 * form to write one: a feed of open boxes would be mostly boxes. The opened box takes the focus;
 * Cancel (or Escape) closes it and gives the focus back to the button.
 */
export function CommentsSection({ entry }: { entry: StoredEntry }) {
  const user = useAtomValue(userAtom);
  const receive = useReceiveComment();
  const [writing, setWriting] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const focusOpener = useRef(false);
  useEffect(() => {
    if (writing || !focusOpener.current) return;
    focusOpener.current = false;
    opener.current?.focus();
  }, [writing]);
  const close = () => {
    focusOpener.current = true;
    setWriting(false);
  };
  return (
    <section className="comments" aria-label={`Comments (${entry.commentCount})`}>
      {entry.comments.length > 0 && (
        <ul className="comment-list">
          {entry.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} entry={entry} />
          ))}
        </ul>
      )}
      {user &&
        (writing ? (
          <CommentForm
            pid={entry.post.pid}
            parentId={null}
            label="Write a comment"
            focusOnOpen
            onWritten={(comment) => receive(comment, (current) => Math.max(current.commentCount, entry.commentCount + 1))}
            onCancel={close}
          />
        ) : (
          <div>
            <button ref={opener} type="button" className="button" aria-expanded={false} onClick={() => setWriting(true)}>
              Comment
            </button>
          </div>
        ))}
    </section>
  );
}

function CommentItem({ comment, entry }: { comment: StoredComment; entry: StoredEntry }) {
  const user = useAtomValue(userAtom);
  const update = useSetAtom(updateFeedAtom);
  const toast = useSetAtom(pushToastAtom);
  const storeFeels = useSetAtom(storeFeelsAtom);
  const receive = useReceiveComment();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [loadingReplies, setLoadingReplies] = useState(false);
  const mine = user?.id === comment.author.id;
  const editable = mine && Date.now() - Date.parse(comment.createdAt) < COMMENT_LIMITS.editWindowMs;
  const deletable = mine || user?.id === entry.post.author.id || entry.group?.viewerModerates === true;

  const remove = async () => {
    if (!window.confirm('Delete this comment?')) return;
    const result = await feedApi.deleteComment(comment.id);
    if (result.status >= 200 && result.status < 300) {
      update({
        pid: entry.post.pid,
        change: (current) =>
          withoutComment(
            current,
            comment.id,
            comment.parentId,
            current.commentCount - 1 - (comment.parentId === null ? comment.replies.length : 0),
          ),
      });
    } else {
      toast({ header: result.errors[0]?.heading ?? 'Not deleted', body: result.errors[0]?.message ?? 'Please try again.' });
    }
  };

  const moreReplies = async () => {
    setLoadingReplies(true);
    const result = await feedApi.comments(entry.post.pid, { parent: comment.id, before: comment.replies[0]?.id });
    setLoadingReplies(false);
    if (!result.data) return;
    const { comments, feels } = splitComments(result.data.items);
    storeFeels(feels);
    update({ pid: entry.post.pid, change: (current) => withOlderReplies(current, comment.id, comments) });
  };

  return (
    <li className="comment">
      <div className="comment-body">
        <div className="comment-header">
          <PostAuthorButton author={comment.author} fromPid={null} />
          <time className="muted comment-date" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
          {comment.editedAt && <span className="muted">(edited)</span>}
        </div>
        {editing ? (
          <CommentForm
            pid={entry.post.pid}
            parentId={comment.parentId}
            editing={comment}
            label="Edit your comment"
            onWritten={(edited) => {
              setEditing(false);
              receive(edited, (current) => current.commentCount);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <p className="comment-text">{comment.text}</p>
        )}
        <div className="comment-actions">
          <FeelsBar target={{ pid: entry.post.pid, commentId: comment.id }} compact />
          {user && comment.parentId === null && (
            <button type="button" className="link-button" aria-expanded={replying} onClick={() => setReplying(!replying)}>
              Reply
            </button>
          )}
          {editable && !editing && (
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          {deletable && (
            <button type="button" className="link-button" onClick={() => void remove()}>
              Delete
            </button>
          )}
          {user && !mine && <ContentMenu target={{ commentId: comment.id }} author={comment.author} what="comment" />}
        </div>
      </div>
      {(comment.replies.length > 0 || replying) && (
        <ul className="comment-list comment-replies">
          {comment.replyCount > comment.replies.length && (
            <li>
              <button type="button" className="link-button" disabled={loadingReplies} onClick={() => void moreReplies()}>
                Show more replies ({comment.replyCount - comment.replies.length})
              </button>
            </li>
          )}
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} entry={entry} />
          ))}
          {replying && (
            <li>
              <CommentForm
                pid={entry.post.pid}
                parentId={comment.id}
                label={`Reply to ${comment.author.first_name}`}
                onWritten={(reply) => {
                  setReplying(false);
                  receive(reply, (current) => Math.max(current.commentCount, entry.commentCount + 1));
                }}
                onCancel={() => setReplying(false)}
              />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function CommentForm({
  pid,
  parentId,
  editing,
  label,
  focusOnOpen = false,
  onWritten,
  onCancel,
}: {
  pid: number;
  parentId: number | null;
  editing?: StoredComment;
  label: string;
  /** The box takes the focus when it appears (it was opened by a button). */
  focusOnOpen?: boolean;
  onWritten: (comment: FeedComment) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(editing?.text ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) box.current?.focus();
  }, [focusOnOpen]);

  const target = parentId === null ? `comment:${pid}` : `reply:${parentId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || text.trim() === '') return;
    setErrors([]);
    if (editing) {
      setBusy(true);
      const result = await feedApi.editComment(editing.id, text);
      setBusy(false);
      if (result.data) onWritten(result.data);
      else setErrors(errorsOrFallback(result.errors, result.status));
      return;
    }
    // A new comment leaves the box at once and shows below it until the server has it, so the
    // member can write the next one meanwhile.
    const written = text;
    setText('');
    const result = await sendMessage({ target, text: written }, () => feedApi.writeComment(pid, { text: written, parentId }));
    if (result.data) onWritten(result.data);
    else {
      setText((current) => (current === '' ? written : current));
      setErrors(errorsOrFallback(result.errors, result.status));
    }
  };

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        value={text}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
        maxLength={COMMENT_LIMITS.text}
        rows={parentId === null && !editing ? 2 : 1}
        placeholder={`${label}…`}
        onChange={(event) => setText(event.target.value)}
      />
      {!editing && <QueuedMessages target={target} />}
      <FormAlert errors={errors} />
      <div className="comment-form-actions">
        <button type="submit" className="button button-primary" disabled={busy || text.trim() === ''}>
          {editing ? 'Save' : parentId === null ? 'Comment' : 'Reply'}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
