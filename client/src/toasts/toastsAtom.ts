import { atom } from 'jotai';
import type { Notice } from '../api/apiClient.js';

export interface Toast extends Notice {
  id: number;
}

export const toastsAtom = atom<Toast[]>([]);
toastsAtom.debugLabel = 'toasts';

let nextToastId = 1;

export const pushToastAtom = atom(null, (get, set, notice: Notice) => {
  set(toastsAtom, [...get(toastsAtom), { ...notice, id: nextToastId++ }]);
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});
