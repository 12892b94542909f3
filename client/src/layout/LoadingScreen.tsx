import logoUrl from '../assets/logo.svg';
import { LOGO_HEIGHT_PX } from '@shared/constants/layout.js';

/** Shown while the app starts. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <img src={logoUrl} alt="" height={LOGO_HEIGHT_PX} />
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
