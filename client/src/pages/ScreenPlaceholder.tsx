import { usePageTitle } from './usePageTitle.js';

/** An honest page for a screen whose feature has not been built yet. */
export function ScreenPlaceholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="muted">This part of the site is not available yet. It is coming soon.</p>
    </div>
  );
}
