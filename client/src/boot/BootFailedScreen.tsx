import { useState } from 'react';
import logoUrl from '../assets/logo.svg';
import { LOGO_HEIGHT_PX } from '@shared/constants/layout.js';

/** /data/start gave no rufP (server down, network lost): say so and offer a retry. */
export function BootFailedScreen({ onRetry }: { onRetry: () => Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <main className="loading-screen" id="main">
      <img src={logoUrl} alt="Surfex" height={LOGO_HEIGHT_PX} />
      <h1 className="boot-failed-heading">We can’t reach the server</h1>
      <p>Please check your connection and try again.</p>
      <button
        type="button"
        className="button button-primary"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void onRetry().finally(() => setRetrying(false));
        }}
      >
        {retrying ? 'Trying…' : 'Try again'}
      </button>
    </main>
  );
}
