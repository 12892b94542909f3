import { atom } from 'jotai';
import { addMessage, removeMessageAt, setProcessingAt, type QueuedMessage } from './messageQueue.js';

/** Messages written in this tab that the server has not taken yet, oldest first. */
export const messageQueueAtom = atom<QueuedMessage[]>([]);
messageQueueAtom.debugLabel = 'messageQueue';

export const queueMessageAtom = atom(null, (get, set, message: Omit<QueuedMessage, 'processing'>) =>
  set(messageQueueAtom, addMessage(get(messageQueueAtom), message)),
);
queueMessageAtom.debugLabel = 'queueMessage';

export const removeQueuedMessageAtom = atom(null, (get, set, index: number) =>
  set(messageQueueAtom, removeMessageAt(get(messageQueueAtom), index)),
);
removeQueuedMessageAtom.debugLabel = 'removeQueuedMessage';

export const setMessageProcessingAtom = atom(null, (get, set, { index, processing }: { index: number; processing: boolean }) =>
  set(messageQueueAtom, setProcessingAt(get(messageQueueAtom), index, processing)),
);
setMessageProcessingAtom.debugLabel = 'setMessageProcessing';
