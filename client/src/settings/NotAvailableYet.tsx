import type { ReactNode } from 'react';

export function NotAvailableYet({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="settings-unavailable-heading">
      <h2 id="settings-unavailable-heading" className="section-heading">
        {title}
      </h2>
      <p className="muted">This part of the settings is not available yet. It is coming soon.</p>
      {children}
    </section>
  );
}
