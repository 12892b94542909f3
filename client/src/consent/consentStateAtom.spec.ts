import { createStore } from 'jotai';
import { DEFAULT_CONSENT_COUNTRIES } from '@shared/consent/consent.js';
import { visitorCountryAtom } from '../sessions/visitorCountryAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { consentChoiceAtom } from './consentChoiceAtom.js';
import { consentStateAtom } from './consentStateAtom.js';

const website = { name: 'Surfex', signups: true, companyRegistration: '', consentCountries: DEFAULT_CONSENT_COUNTRIES };

describe('the consent state of the app', () => {
  it('follows the country, the answer and the lists the site delivered', () => {
    const store = createStore();
    store.set(websiteAtom, website);
    store.set(visitorCountryAtom, 'FR');
    expect(store.get(consentStateAtom)).toMatchObject({ banner: true, nonEssentialCookies: false });
    store.set(consentChoiceAtom, 'allow');
    expect(store.get(consentStateAtom)).toMatchObject({ banner: false, revokeButton: true, nonEssentialCookies: true });
    store.set(websiteAtom, { ...website, consentCountries: { cookieLaw: [], revocable: [], explicitAction: [] } });
    expect(store.get(consentStateAtom)).toMatchObject({ banner: false, revokeButton: false, nonEssentialCookies: true });
  });

  it('before /data/start answers, treats the visitor as under a cookie law', () => {
    expect(createStore().get(consentStateAtom)).toMatchObject({ banner: true, nonEssentialCookies: false });
  });
});
