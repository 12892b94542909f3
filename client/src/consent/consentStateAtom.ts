import { atom } from 'jotai';
import { DEFAULT_CONSENT_COUNTRIES, consentState } from '@shared/consent/consent.js';
import { visitorCountryAtom } from '../sessions/visitorCountryAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { consentChoiceAtom } from './consentChoiceAtom.js';

/** Banner, revoke button and tracking cookies for this visitor: the shared rule over country, answer and the site's lists. */
export const consentStateAtom = atom((get) =>
  consentState(get(visitorCountryAtom), get(consentChoiceAtom), get(websiteAtom)?.consentCountries ?? DEFAULT_CONSENT_COUNTRIES),
);
consentStateAtom.debugLabel = 'consentState';
