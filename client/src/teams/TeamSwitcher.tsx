import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { userAtom } from '../sessions/userAtom.js';
import { currentTeamAtom } from './currentTeamAtom.js';
import { switchTeam } from './switchTeam.js';
import { teamsByName } from './teamSession.js';
import './teams.css';

/**
 * Who this tab acts for: the member or one of the teams they are active in. Each choice is a
 * button (a pressed one is current), so switching is a deliberate press rather than a side
 * effect of moving through a list with the arrow keys. Renders nothing for a member of no team.
 */
export function TeamSwitcher({ label = 'Act as', className }: { label?: string; className?: string }) {
  const user = useAtomValue(userAtom);
  const current = useAtomValue(currentTeamAtom);
  const [switching, setSwitching] = useState<number | 'self' | null>(null);
  if (!user) return null;
  const teams = teamsByName(user.multiAccounts);
  if (teams.length === 0) return null;

  const choose = async (teamId: number | null) => {
    if (switching !== null || teamId === (current?.id ?? null)) return;
    setSwitching(teamId ?? 'self');
    await switchTeam(teamId);
    setSwitching(null);
  };
  const choice = (key: number | 'self', name: string, teamId: number | null, detail: string) => {
    const pressed = teamId === (current?.id ?? null);
    return (
      <li key={key}>
        <button
          type="button"
          className="team-switcher-choice"
          aria-pressed={pressed}
          aria-disabled={(switching !== null && !pressed) || undefined}
          onClick={() => void choose(teamId)}
        >
          <span className="team-switcher-name">{name}</span>
          <span className="team-switcher-detail">{switching === key ? 'Switching…' : pressed ? 'Current' : detail}</span>
        </button>
      </li>
    );
  };
  return (
    <div role="group" aria-label={label} className={`team-switcher ${className ?? ''}`}>
      <p className="team-switcher-label" aria-hidden="true">
        {label}
      </p>
      <ul className="team-switcher-list">
        {choice('self', user.first_name, null, 'Yourself')}
        {teams.map((team) => choice(team.id, team.name, team.id, 'Team'))}
      </ul>
    </div>
  );
}
