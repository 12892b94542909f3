import { useAtomValue } from 'jotai';
import { messageQueueAtom } from './messageQueueAtom.js';
import './messages.css';

/** The messages for `target` still waiting for the server, each marked "Waiting…" or "Sending…". */
export function QueuedMessages({ target }: { target: string }) {
  const queue = useAtomValue(messageQueueAtom).filter((message) => message.target === target);
  if (queue.length === 0) return null;
  return (
    <ul className="queued-messages" aria-label="Messages being sent">
      {queue.map((message) => (
        <li key={message.key} className="queued-message">
          <span className="queued-message-text">{message.text}</span>
          <span className="queued-message-state" role="status">
            {message.processing ? 'Sending…' : 'Waiting to send…'}
          </span>
        </li>
      ))}
    </ul>
  );
}
