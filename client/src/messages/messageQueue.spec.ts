import { createStore } from 'jotai';
import { addMessage, removeMessageAt, setProcessingAt } from './messageQueue.js';
import { messageQueueAtom, queueMessageAtom, removeQueuedMessageAtom, setMessageProcessingAtom } from './messageQueueAtom.js';

const first = { key: 'a', target: 'comment:1', text: 'First' };
const second = { key: 'b', target: 'comment:1', text: 'Second' };

describe('the queue of messages waiting for the server', () => {
  it('adds a message at the end, queued (not processing)', () => {
    const queue = addMessage(addMessage([], first), second);
    expect(queue).toEqual([
      { ...first, processing: false },
      { ...second, processing: false },
    ]);
  });

  it('sets and clears processing by index, leaving the others as they are', () => {
    const queue = addMessage(addMessage([], first), second);
    const processing = setProcessingAt(queue, 1, true);
    expect(processing.map((message) => message.processing)).toEqual([false, true]);
    expect(setProcessingAt(processing, 1, false).map((message) => message.processing)).toEqual([false, false]);
    expect(queue.map((message) => message.processing)).toEqual([false, false]);
  });

  it('removes by index; an index out of range changes nothing', () => {
    const queue = addMessage(addMessage([], first), second);
    expect(removeMessageAt(queue, 0).map((message) => message.key)).toEqual(['b']);
    expect(removeMessageAt(queue, 1).map((message) => message.key)).toEqual(['a']);
    expect(removeMessageAt(queue, 2)).toEqual(queue);
    expect(removeMessageAt(queue, -1)).toEqual(queue);
    expect(setProcessingAt(queue, 5, true)).toEqual(queue);
  });

  it('goes queued, processing, removed through the atoms', () => {
    const store = createStore();
    store.set(queueMessageAtom, first);
    store.set(queueMessageAtom, second);
    expect(store.get(messageQueueAtom).map((message) => message.processing)).toEqual([false, false]);
    store.set(setMessageProcessingAtom, { index: 0, processing: true });
    expect(store.get(messageQueueAtom)[0]).toEqual({ ...first, processing: true });
    store.set(removeQueuedMessageAtom, 0);
    expect(store.get(messageQueueAtom)).toEqual([{ ...second, processing: false }]);
    store.set(setMessageProcessingAtom, { index: 0, processing: true });
    store.set(removeQueuedMessageAtom, 0);
    expect(store.get(messageQueueAtom)).toEqual([]);
  });
});
