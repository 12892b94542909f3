import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { OwnProfileAnswer } from '@shared/accounts/account.answers.js';
import { userAtom } from '../sessions/userAtom.js';

/** Puts a saved profile's name and picture into the user atom, so the menu shows them at once. */
export function useApplyOwnProfile() {
  const setUser = useSetAtom(userAtom);
  return useCallback(
    (profile: OwnProfileAnswer | null) => {
      if (!profile) return;
      setUser((user) =>
        user && user.id === profile.id ? { ...user, first_name: profile.first_name, image: profile.image } : user,
      );
    },
    [setUser],
  );
}
