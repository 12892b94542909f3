import { createStore } from 'jotai';
import { createMessageSender } from './messageSender.js';
import { messageQueueAtom } from './messageQueueAtom.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sending queued messages', () => {
  it('shows each message queued, then processing while its call is out, then gone, one call at a time', async () => {
    const store = createStore();
    const send = createMessageSender(store);
    const shown = () =>
      store.get(messageQueueAtom).map((message) => `${message.text}:${message.processing ? 'sending' : 'queued'}`);
    const firstCall = deferred<string>();
    const secondCall = deferred<string>();
    const calls: string[] = [];

    const first = send({ target: 'comment:1', text: 'one' }, () => (calls.push('one'), firstCall.promise));
    const second = send({ target: 'comment:1', text: 'two' }, () => (calls.push('two'), secondCall.promise));
    await flush();
    expect(shown()).toEqual(['one:sending', 'two:queued']);
    expect(calls).toEqual(['one']);

    firstCall.resolve('first answer');
    expect(await first).toBe('first answer');
    await flush();
    expect(shown()).toEqual(['two:sending']);
    expect(calls).toEqual(['one', 'two']);

    secondCall.resolve('second answer');
    expect(await second).toBe('second answer');
    expect(shown()).toEqual([]);
  });

  it('takes a failed message off the queue and goes on with the next', async () => {
    const store = createStore();
    const send = createMessageSender(store);
    const failing = send({ target: 'comment:1', text: 'bad' }, () => Promise.reject(new Error('offline')));
    const next = send({ target: 'comment:1', text: 'good' }, () => Promise.resolve('ok'));
    await expect(failing).rejects.toThrow('offline');
    expect(await next).toBe('ok');
    expect(store.get(messageQueueAtom)).toEqual([]);
  });
});
