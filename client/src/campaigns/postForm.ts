import type { CampaignItem, PostPayload } from '@shared/campaigns/campaigns.js';

/** The post editor's text fields, as typed. Pictures are kept apart (they upload first). */
export interface PostFormValues extends Record<string, string> {
  text: string;
  link: string;
  youtube: string;
  language: string;
  tags: string;
  /** The id of the group to post in, as the select holds it; '' for the member's own. */
  groupId: string;
}

export const POST_FORM_FIELDS = ['text', 'link', 'youtube', 'language', 'tags', 'groupId'] as const;

export const DEFAULT_POST_LANGUAGE = 'en';

/** "#Travel, food  deals" → ['travel', 'food', 'deals'], without repeats. */
export function parseTags(input: string): string[] {
  const tags = input
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, '').trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** What the editor sends: empty optional fields become null. */
export function postPayloadOf(values: PostFormValues, imageIds: readonly string[]): PostPayload {
  return {
    text: values.text,
    link: values.link.trim() === '' ? null : values.link.trim(),
    youtube: values.youtube.trim() === '' ? null : values.youtube.trim(),
    language: values.language,
    tags: parseTags(values.tags),
    imageIds: [...imageIds],
    groupId: values.groupId ? Number(values.groupId) : null,
  };
}

/** The editor's starting values: blank for a new post, the post's own for an edit. */
export function postFormValuesOf(campaign: CampaignItem | null): PostFormValues {
  if (!campaign) return { text: '', link: '', youtube: '', language: DEFAULT_POST_LANGUAGE, tags: '', groupId: '' };
  const { post } = campaign;
  return {
    text: post.text,
    link: post.link ?? '',
    youtube: post.youtubeId ? `https://www.youtube.com/watch?v=${post.youtubeId}` : '',
    language: post.language,
    tags: post.tags.join(', '),
    groupId: '',
  };
}

/** The number typed in an amount field; NaN when it is not a plain number. The shared schema words every refusal. */
export function creditAmountOf(input: string): number {
  const trimmed = input.trim();
  return /^-?\d{1,12}(\.\d{1,6})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
