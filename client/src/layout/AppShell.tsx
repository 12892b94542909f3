import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useRef } from 'react';
import { matchRoutes, Outlet, useLocation } from 'react-router-dom';
import { DEFAULT_CHROME } from '@shared/routing/routes.js';
import { EmailConfirmationBanner } from '../account/EmailConfirmationBanner.js';
import { CookieConsent } from '../consent/CookieConsent.js';
import { EarningsSummaryEffect } from '../credits/EarningsSummaryEffect.js';
import { AnnouncementsHost } from '../announcements/AnnouncementsHost.js';
import { ModalHost } from '../modals/ModalHost.js';
import { ReferralCaptureEffect } from '../referrals/ReferralCaptureEffect.js';
import { userAtom } from '../sessions/userAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { ToastHost } from '../toasts/ToastHost.js';
import { VisitTrackingEffect } from '../tracking/VisitTrackingEffect.js';
import { screenRoutes, type ScreenHandle } from '../routing/screenRoutes.js';
import { Footer } from './Footer.js';
import { ReconnectingStatus } from './ReconnectingStatus.js';
import { SideMenu } from './memberMenu.js';
import { TopBar } from './TopBar.js';

/** The page frame: member menu or visitor bar, the screen, the footer, modals and toasts. */
export function AppShell() {
  const user = useAtomValue(userAtom);
  const team = useAtomValue(currentTeamAtom);
  const location = useLocation();
  const route = (matchRoutes(screenRoutes, location)?.at(-1)?.route.handle as ScreenHandle | undefined)?.route;
  const chrome = { ...DEFAULT_CHROME, ...route?.chrome };
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // Move focus to the new page on navigation, so screen-reader and keyboard users start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // Switching teams mounts the screen anew: focus that was inside it (the switch button) starts
  // again at the new screen rather than being lost on the page body.
  const accountKey = team ? `team-${team.id}` : 'self';
  const shownAccount = useRef(accountKey);
  useEffect(() => {
    if (shownAccount.current === accountKey) return;
    shownAccount.current = accountKey;
    if (document.activeElement === null || document.activeElement === document.body)
      mainRef.current?.focus({ preventScroll: true });
  }, [accountKey]);

  const withMenu = Boolean(user) && chrome.header;
  return (
    <div className={`app ${withMenu ? 'app-member' : 'app-visitor'}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {chrome.header &&
        (user ? (
          <Suspense fallback={null}>
            <SideMenu />
          </Suspense>
        ) : (
          <TopBar />
        ))}
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <AnnouncementsHost />
        <EmailConfirmationBanner />
        <Suspense fallback={<ScreenLoading />}>
          {/* A screen shows one account's data: switching teams mounts it anew, so it reads the new account's. */}
          <Outlet key={accountKey} />
        </Suspense>
      </main>
      <Footer mode={chrome.footer} />
      <ModalHost />
      <ToastHost />
      <ReconnectingStatus />
      <CookieConsent />
      <ReferralCaptureEffect />
      <VisitTrackingEffect />
      {user && <EarningsSummaryEffect key={user.id} />}
    </div>
  );
}

function ScreenLoading() {
  return (
    <div className="screen-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
