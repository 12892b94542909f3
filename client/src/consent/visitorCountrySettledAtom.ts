import { atom } from 'jotai';

/**
 * False while the client still asks for the visitor's country (at most GEOLOCATION_TIMEOUT_MS):
 * the banner waits for it rather than flash and vanish for a visitor without a cookie law.
 */
export const visitorCountrySettledAtom = atom(false);
visitorCountrySettledAtom.debugLabel = 'visitorCountrySettled';
