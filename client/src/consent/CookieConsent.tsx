import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ConsentChoice } from '@shared/consent/consent.js';
import { CONSENT_REVOKE_HOVER_THROTTLE_MS } from '@shared/constants/timing.js';
import { throttle } from '../layout/throttle.js';
import { answerConsentAtom, revokeConsentAtom } from './consentActions.js';
import { consentStateAtom } from './consentStateAtom.js';
import { visitorCountrySettledAtom } from './visitorCountrySettledAtom.js';
import './consent.css';

const CHOICE_LABELS: Record<ConsentChoice, string> = { deny: 'Deny', allow: 'Allow', dismiss: 'Dismiss' };

/**
 * The cookie-consent banner at the bottom right, or, once answered in a country where the answer
 * can be taken back, the "Cookie settings" button that reopens it. Nothing shows until the
 * visitor's country is settled, nor where no cookie law applies.
 */
export function CookieConsent() {
  const state = useAtomValue(consentStateAtom);
  const settled = useAtomValue(visitorCountrySettledAtom);
  const [reopened, setReopened] = useState(false);
  if (!settled) return null;
  if (state.banner) return <ConsentBanner choices={state.choices} takeFocus={reopened} />;
  if (state.revokeButton) return <RevokeConsentButton onRevoked={() => setReopened(true)} />;
  return null;
}

/**
 * While the banner shows, the page ends with room for it (the `--consent-banner-space` the
 * stylesheet pads the page with), so what the banner covers can be scrolled clear of it: an
 * unanswered banner never hides a button.
 */
function useReservedSpace(banner: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      const { top } = element.getBoundingClientRect();
      root.style.setProperty('--consent-banner-space', `${Math.ceil(window.innerHeight - top)}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty('--consent-banner-space');
    };
  }, [banner]);
}

function ConsentBanner({ choices, takeFocus }: { choices: ConsentChoice[]; takeFocus: boolean }) {
  const answer = useSetAtom(answerConsentAtom);
  const headingId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);
  const banner = useRef<HTMLElement>(null);
  useReservedSpace(banner);
  // Reopened from its own button: keyboard users land on the answers, not back at the page's start.
  useEffect(() => {
    if (takeFocus) firstButton.current?.focus();
  }, [takeFocus]);
  return (
    <section ref={banner} className="consent-banner" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="consent-title">
        Cookies
      </h2>
      <p className="consent-text">
        We would like to use cookies to count your visits to this site. The cookies that keep you signed in are always used.
      </p>
      <div className="consent-actions">
        {choices.map((choice, index) => (
          <button
            key={choice}
            ref={index === 0 ? firstButton : undefined}
            type="button"
            className={`button ${choice === 'allow' ? 'button-primary' : ''}`}
            onClick={() => answer(choice)}
          >
            {CHOICE_LABELS[choice]}
          </button>
        ))}
      </div>
    </section>
  );
}

/** Shows its label while hovered or focused; the hover check runs at most every 200 ms. */
function RevokeConsentButton({ onRevoked }: { onRevoked: () => void }) {
  const revoke = useSetAtom(revokeConsentAtom);
  const [expanded, setExpanded] = useState(false);
  const checkHover = useMemo(() => throttle((hovered: boolean) => setExpanded(hovered), CONSENT_REVOKE_HOVER_THROTTLE_MS), []);
  useEffect(() => () => checkHover.cancel(), [checkHover]);
  return (
    <button
      type="button"
      className={`consent-revoke ${expanded ? 'consent-revoke-expanded' : ''}`}
      onMouseMove={() => checkHover(true)}
      onMouseLeave={() => {
        checkHover.cancel();
        setExpanded(false);
      }}
      onFocus={() => setExpanded(true)}
      onBlur={() => setExpanded(false)}
      onClick={() => {
        revoke();
        onRevoked();
      }}
    >
      <span aria-hidden="true" className="consent-revoke-icon">
        🍪
      </span>
      <span className={expanded ? 'consent-revoke-label' : 'visually-hidden'}>Cookie settings</span>
    </button>
  );
}
