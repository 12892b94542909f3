import { atom } from 'jotai';
import type { PublicWebsite } from '@shared/website/website.js';

export const websiteAtom = atom<PublicWebsite | null>(null);
websiteAtom.debugLabel = 'website';
