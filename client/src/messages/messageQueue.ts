/**
 * Messages waiting for the server: each is queued, then processing while its call is out, then
 * removed once the server has answered. Pure functions over the list, so the atom and its tests
 * share them.
 */
export interface QueuedMessage {
  /** Tells apart two messages with the same text. */
  key: string;
  /** Where the message goes, e.g. `comment:12` (a post's comments) or `reply:34` (a comment's replies). */
  target: string;
  text: string;
  processing: boolean;
}

export function addMessage(queue: readonly QueuedMessage[], message: Omit<QueuedMessage, 'processing'>): QueuedMessage[] {
  return [...queue, { ...message, processing: false }];
}

/** An index out of range changes nothing. */
export function removeMessageAt(queue: readonly QueuedMessage[], index: number): QueuedMessage[] {
  if (index < 0 || index >= queue.length) return [...queue];
  return [...queue.slice(0, index), ...queue.slice(index + 1)];
}

/** Sets or clears `processing`; an index out of range changes nothing. */
export function setProcessingAt(queue: readonly QueuedMessage[], index: number, processing: boolean): QueuedMessage[] {
  return queue.map((message, at) => (at === index ? { ...message, processing } : message));
}
