import { creditAmountSchema, postSchema, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { creditAmountOf, parseTags, postFormValuesOf, postPayloadOf } from './postForm.js';

describe('post editor values', () => {
  it('reads tags separated by commas or spaces, without # and repeats', () => {
    expect(parseTags(' #Travel, food  deals,,travel ')).toEqual(['travel', 'food', 'deals']);
    expect(parseTags('')).toEqual([]);
  });

  it('sends empty optional fields as null, and the schema accepts the result', () => {
    const payload = postPayloadOf({ text: 'Hello\nworld', link: ' ', youtube: '', language: 'de', tags: 'a, b', groupId: '' }, [
      'x',
    ]);
    expect(payload).toEqual({
      text: 'Hello\nworld',
      link: null,
      youtube: null,
      language: 'de',
      tags: ['a', 'b'],
      imageIds: ['x'],
      groupId: null,
    });
    const valid = postPayloadOf(
      { text: 'Hi', link: 'https://example.com', youtube: 'dQw4w9WgXcQ', language: 'en', tags: '', groupId: '7' },
      [],
    );
    expect(valid.groupId).toBe(7);
    expect(postSchema.safeParse(valid).success).toBe(true);
  });

  it("refuses the reserved tags 'u' and 'g' as the server does", () => {
    const values = { text: 'Hi', link: '', youtube: '', language: 'en', tags: 'fine, #U', groupId: '' };
    expect(postSchema.safeParse(postPayloadOf(values, [])).error?.issues[0].message).toBe('"u" and "g" cannot be used as tags.');
  });

  it('starts an edit from the post, with its video as an address the schema accepts', () => {
    const campaign = {
      post: { text: 'T', link: null, youtubeId: 'dQw4w9WgXcQ', language: 'fr', tags: ['x', 'y'] },
    } as unknown as CampaignItem;
    const values = postFormValuesOf(campaign);
    expect(values).toEqual({
      text: 'T',
      link: '',
      youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      language: 'fr',
      tags: 'x, y',
      groupId: '',
    });
    expect(postSchema.safeParse(postPayloadOf(values, [])).success).toBe(true);
    expect(postFormValuesOf(null).language).toBe('en');
  });

  it('reads the amount typed, leaving the wording of each refusal to the shared schema', () => {
    expect(creditAmountOf(' 10 ')).toBe(10);
    const refusal = (input: string) => creditAmountSchema.safeParse({ amount: creditAmountOf(input) }).error?.issues[0].message;
    expect(refusal('10')).toBeUndefined();
    expect(refusal('1.5')).toBe('Use whole credits.');
    expect(refusal('0')).toBe('Use at least 1 credit.');
    expect(refusal('-3')).toBe('Use at least 1 credit.');
    expect(refusal('2000000')).toBe('Use at most 1,000,000 credits at once.');
    for (const unreadable of ['', '1e3', 'ten', '0x10']) expect(refusal(unreadable)).toBe('Please enter a number of credits.');
  });
});
