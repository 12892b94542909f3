import { addInterests } from './interests.js';

describe('adding interests', () => {
  it('adds one or several comma-separated interests, tidied', () => {
    expect(addInterests([], '  web   design ')).toEqual({ interests: ['web design'], problem: null });
    expect(addInterests(['cats'], 'dogs, birds,,')).toEqual({ interests: ['cats', 'dogs', 'birds'], problem: null });
  });

  it('ignores an interest already in the list, whatever its case', () => {
    expect(addInterests(['Cats'], 'cats, CATS')).toEqual({ interests: ['Cats'], problem: null });
  });

  it('refuses an interest over 30 characters and keeps the others', () => {
    const update = addInterests([], `ok, ${'x'.repeat(31)}`);
    expect(update.interests).toEqual(['ok']);
    expect(update.problem).toBe('Keep each interest to 30 characters.');
  });

  it('stops at 20 interests', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `topic ${i}`);
    expect(addInterests(twenty, 'one more')).toEqual({ interests: twenty, problem: 'You can add up to 20 interests.' });
    expect(addInterests(twenty.slice(0, 19), 'a, b').interests).toHaveLength(20);
  });
});
