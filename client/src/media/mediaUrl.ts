import type { MediaObject } from '@shared/media/media.js';
import placeholderUrl from '../assets/placeholder-avatar.svg';

/**
 * Media/avatar object: base path + id + size/version marker + extension; without an
 * id a string starting with http is used as is; otherwise the blank placeholder under /assets/.
 */
export function mediaUrl(media: MediaObject | string | null | undefined): string {
  if (media && typeof media === 'object' && media.id) {
    return `${media.base}${media.id}${media.size ? `_${media.size}` : ''}.${media.ext}`;
  }
  if (typeof media === 'string' && media.startsWith('http')) return media;
  return placeholderUrl;
}
