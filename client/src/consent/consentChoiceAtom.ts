import { atom } from 'jotai';
import type { StoredConsent } from '@shared/consent/consent.js';

/** The visitor's cookie-consent answer, as stored in the consent cookie (null: not answered). */
export const consentChoiceAtom = atom<StoredConsent>(null);
consentChoiceAtom.debugLabel = 'consentChoice';
