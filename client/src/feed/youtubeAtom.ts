import { atom } from 'jotai';
import type { ComponentType } from 'react';

/** What the YouTube player chunk exports. */
export interface YouTubeModule {
  YouTubePlayer: ComponentType<{ videoId: string; title: string }>;
}

/**
 * The YouTube player code, loaded once on the first click of a video (nothing of YouTube is
 * fetched before): null until then.
 */
export const youtubeAtom = atom<YouTubeModule | null>(null);
youtubeAtom.debugLabel = 'youtube';

let loading: Promise<YouTubeModule> | null = null;

/** LOAD_YOUTUBE: loads the player chunk once; later calls share the first load. */
export const loadYoutubeAtom = atom(null, async (get, set): Promise<YouTubeModule> => {
  const loaded = get(youtubeAtom);
  if (loaded) return loaded;
  loading ??= import('./YouTubePlayer.js').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  const module = await loading;
  set(youtubeAtom, module);
  return module;
});
