import { atom } from 'jotai';
import type { ReactNode } from 'react';

/** A modal dialog kept in app state, keyed by id. */
export interface ModalEntry {
  header?: ReactNode;
  body?: ReactNode;
  /** Replaces the default footer, a single Close button. */
  footer?: ReactNode;
  className?: string;
  /** Blocks every way of closing it but `force` (no header control, no Escape, no backdrop). */
  dontAllowClose?: boolean;
  noFooter?: boolean;
  /** Called with the modal's id when it closes. */
  onClose?: (id: string) => void;
  /** True while the closing transition runs. */
  close?: boolean;
}

export const modalsAtom = atom<Record<string, ModalEntry>>({});
modalsAtom.debugLabel = 'modals';

let nextModalId = 1;

/** Adds a modal; it is open as soon as it is added. Answers its id. */
export const openModalAtom = atom(null, (get, set, entry: ModalEntry & { id?: string }): string => {
  const { id = `modal-${nextModalId++}`, ...rest } = entry;
  set(modalsAtom, { ...get(modalsAtom), [id]: { ...rest, close: false } });
  return id;
});

/** Closes a modal unless closing is disallowed; `force` is for the code that opened it. */
export const closeModalAtom = atom(null, (get, set, { id, force = false }: { id: string; force?: boolean }) => {
  const modals = get(modalsAtom);
  const modal = modals[id];
  if (!modal || (modal.dontAllowClose && !force)) return;
  const { [id]: _closed, ...rest } = modals;
  set(modalsAtom, rest);
  modal.onClose?.(id);
});
