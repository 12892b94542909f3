import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { HEALTH_ENDPOINTS } from '@shared/health/health.js';
import { api } from '../api/api.js';
import { navigateTo } from '../routing/navigation.js';
import { leaveMaintenance, MAINTENANCE_POLL_MS } from '../website/maintenance.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';

/** Asks the server (its cheapest call: every answer carries the maintenance flag) and goes back when maintenance is over. */
async function leaveWhenOver(): Promise<void> {
  const result = await api.request<unknown>({ path: HEALTH_ENDPOINTS.health });
  if (result.status === 200 && result.maintenance === false) leaveMaintenance(navigateTo);
}

/**
 * Where maintenance sends members and visitors. The page asks every MAINTENANCE_POLL_MS whether
 * maintenance is over (and the server's push says so at once, see realtimeConnection), then goes
 * back to where the tab was.
 */
export default function MaintenancePage() {
  usePageTitle('Maintenance');
  const website = useAtomValue(websiteAtom);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    await leaveWhenOver();
    setChecking(false);
  };

  useEffect(() => {
    const timer = window.setInterval(() => void leaveWhenOver(), MAINTENANCE_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="page page-centered">
      <h1>We’ll be right back</h1>
      <p>{website?.name ?? 'The site'} is down for maintenance. This page goes back to where you were as soon as it is over.</p>
      <button type="button" className="button button-primary" onClick={() => void check()} disabled={checking}>
        {checking ? 'Checking…' : 'Try again'}
      </button>
    </div>
  );
}
