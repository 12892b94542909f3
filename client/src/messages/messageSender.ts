import type { createStore } from 'jotai';
import type { QueuedMessage } from './messageQueue.js';
import { messageQueueAtom, queueMessageAtom, removeQueuedMessageAtom, setMessageProcessingAtom } from './messageQueueAtom.js';

type Store = ReturnType<typeof createStore>;

/**
 * Sends messages one at a time, in the order they were written: each shows as queued while an
 * earlier one is out, as processing while its own call is, and leaves the queue when the server
 * has answered (whatever the answer: the caller shows a refusal).
 */
export function createMessageSender(store: Store) {
  let chain: Promise<unknown> = Promise.resolve();
  let written = 0;
  const indexOf = (key: string) => store.get(messageQueueAtom).findIndex((message) => message.key === key);

  return function send<T>(message: Omit<QueuedMessage, 'key' | 'processing'>, call: () => Promise<T>): Promise<T> {
    const key = `message-${++written}`;
    store.set(queueMessageAtom, { ...message, key });
    const run = async (): Promise<T> => {
      store.set(setMessageProcessingAtom, { index: indexOf(key), processing: true });
      try {
        return await call();
      } finally {
        store.set(removeQueuedMessageAtom, indexOf(key));
      }
    };
    const result = chain.then(run, run);
    chain = result.catch(() => undefined);
    return result;
  };
}
