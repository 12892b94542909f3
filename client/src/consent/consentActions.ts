import { atom } from 'jotai';
import type { ConsentChoice, StoredConsent } from '@shared/consent/consent.js';
import { consentChoiceAtom } from './consentChoiceAtom.js';
import { documentCookies, storeConsent } from './consentCookie.js';
import { consentStateAtom } from './consentStateAtom.js';

function store(choice: StoredConsent, keepTrackingCookies: boolean): void {
  storeConsent(documentCookies, choice, {
    nowMs: Date.now(),
    secure: window.location.protocol === 'https:',
    keepTrackingCookies,
  });
}

/** The visitor answers the banner: the answer is stored in the consent cookie and applies at once. */
export const answerConsentAtom = atom(null, (get, set, choice: ConsentChoice) => {
  set(consentChoiceAtom, choice);
  store(choice, get(consentStateAtom).nonEssentialCookies);
});
answerConsentAtom.debugLabel = 'answerConsent';

/** The visitor takes the answer back: the cookie is deleted (the tracking cookies with it) and the banner opens again. */
export const revokeConsentAtom = atom(null, (_get, set) => {
  set(consentChoiceAtom, null);
  store(null, false);
});
revokeConsentAtom.debugLabel = 'revokeConsent';
