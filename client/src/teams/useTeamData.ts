import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useApiData, type ApiData } from '../api/useApiData.js';
import { teamsVersionAtom } from './teamsVersionAtom.js';

/**
 * A team screen's GET call, read again (the shown answer kept meanwhile) whenever the server
 * says one of the member's teams changed, so what another member did shows without a reload.
 */
export function useTeamData<T>(path: string | null): ApiData<T> & { version: number } {
  const loaded = useApiData<T>(path);
  const version = useAtomValue(teamsVersionAtom);
  const [readVersion, setReadVersion] = useState(version);
  if (readVersion !== version) {
    setReadVersion(version);
    loaded.reload();
  }
  return { ...loaded, version };
}
