import { atom } from 'jotai';

/** Menu: closed, opened by hovering (desktop) or by a click (any width). */
export type MenuState = 'closed' | 'hover-open' | 'click-open';

export const menuStateAtom = atom<MenuState>('closed');
menuStateAtom.debugLabel = 'menuState';
