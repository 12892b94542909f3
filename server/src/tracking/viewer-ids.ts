import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consentState, type StoredConsent } from '@shared/consent/consent.js';
import { hmac, randomToken, safeEqual } from '../common/crypto/tokens.js';
import { LimitCounters } from '../common/limits/limit-counters.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';
import { CountryLookup } from './country-lookup.js';

/**
 * The viewer id the server gives a visitor's browser: `<id>.<signature>`, the signature an
 * HMAC-SHA256 of the id under SESSION_SECRET, so a browser cannot make up ids of its own; only
 * an id the server signed tells one visitor from another of the same address when views are
 * counted (tracking-counting.ts). httpOnly: no script needs it.
 */
export const VIEWER_COOKIE = 'z5id';
/** As long as browsers keep a cookie (400 days). */
const VIEWER_COOKIE_DAYS = 400;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/**
 * New viewer ids one address is given a day at most (RATE_LIMIT_FACTOR scales it): a browser
 * that throws its id away and asks again gets a few new counts, not one per page load. Past it,
 * visitors of that address without an id are counted as the address.
 */
const NEW_IDS_PER_ADDRESS = { max: 20, windowMs: 86_400_000 };

/** What a call tells about its viewer cookie and consent, as its request carried them. */
export interface ViewerCookieSent {
  address: string;
  /** The viewer cookie's value, when sent. */
  viewerCookie: string | undefined;
  /** The visitor's answer to the cookie banner. */
  consent: StoredConsent;
}

/** What a page view's answer does with the viewer cookie. */
export type ViewerCookieChange = { set: string } | 'clear' | null;

/**
 * The viewer cookie counts audience for post owners, which the visitor did not ask for, so it is
 * not a strictly necessary cookie: it is given and read only where the visitor's cookie consent
 * allows tracking cookies (the rule the banner applies, shared/consent/consent.ts, from the
 * address's country and the `cookie_consent` answer). Without consent nothing is stored in the
 * browser and the visitor is counted as the salted hash of the address.
 */
@Injectable()
export class ViewerIds {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly counters: LimitCounters,
    private readonly website: WebsiteSettingsService,
    private readonly countries: CountryLookup,
  ) {}

  /** The viewer id of a call: its cookie's, when the server signed it and consent allows it; else null. */
  viewerOf(sent: ViewerCookieSent): string | null {
    if (sent.viewerCookie === undefined || !this.consented(sent)) return null;
    return this.verified(sent.viewerCookie);
  }

  /**
   * At a page view: a new signed id for a consenting visitor without a valid one (while the
   * address's daily allowance lasts), the cookie taken back from one who no longer consents.
   */
  async cookieFor(sent: ViewerCookieSent): Promise<ViewerCookieChange> {
    if (!this.consented(sent)) return sent.viewerCookie === undefined ? null : 'clear';
    if (sent.viewerCookie !== undefined && this.verified(sent.viewerCookie) !== null) return null;
    const { count } = await this.counters.hit(`tracking:viewer-ids:${sent.address}`, NEW_IDS_PER_ADDRESS.windowMs);
    if (count > Math.ceil(NEW_IDS_PER_ADDRESS.max * this.config.rateLimitFactor)) return null;
    const id = randomToken(16);
    return { set: `${id}.${this.signatureOf(id)}` };
  }

  private consented(sent: ViewerCookieSent): boolean {
    const { cookieLawCountries, revocableConsentCountries, explicitConsentCountries } = this.website.settings;
    const lists = {
      cookieLaw: cookieLawCountries,
      revocable: revocableConsentCountries,
      explicitAction: explicitConsentCountries,
    };
    return consentState(this.countries.countryOf(sent.address), sent.consent, lists).nonEssentialCookies;
  }

  private verified(cookie: string): string | null {
    const [id, signature, ...rest] = cookie.split('.');
    if (rest.length > 0 || signature === undefined || !ID_PATTERN.test(id)) return null;
    return safeEqual(signature, this.signatureOf(id)) ? id : null;
  }

  private signatureOf(id: string): string {
    return hmac(this.config.sessionSecret, `viewer-id:${id}`);
  }
}

/** Applies a page view's change to the viewer cookie to its answer. */
export function writeViewerCookie(request: FastifyRequest, reply: FastifyReply, change: ViewerCookieChange): void {
  if (change === 'clear') reply.clearCookie(VIEWER_COOKIE, { path: '/' });
  else if (change)
    reply.setCookie(VIEWER_COOKIE, change.set, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: VIEWER_COOKIE_DAYS * 86_400,
    });
}
