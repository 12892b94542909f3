import { atom } from 'jotai';

/** The visitor's country from /data/start (ISO 3166-1 alpha-2), null when unknown: cookie consent depends on it. */
export const visitorCountryAtom = atom<string | null>(null);
visitorCountryAtom.debugLabel = 'visitorCountry';
