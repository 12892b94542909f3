import { createStore } from 'jotai';
import { closeModalAtom, modalsAtom, openModalAtom } from './modalsAtom.js';

describe('modals in app state', () => {
  it('is open as soon as it is added, and closing it calls onClose with its id', () => {
    const store = createStore();
    const closed: string[] = [];
    const id = store.set(openModalAtom, { header: 'Hello', onClose: (modalId) => closed.push(modalId) });
    expect(Object.keys(store.get(modalsAtom))).toEqual([id]);
    store.set(closeModalAtom, { id });
    expect(store.get(modalsAtom)).toEqual({});
    expect(closed).toEqual([id]);
  });

  it('stays open when closing is disallowed, until its opener forces it', () => {
    const store = createStore();
    const closed: string[] = [];
    store.set(openModalAtom, { id: 'terms', dontAllowClose: true, onClose: (modalId) => closed.push(modalId) });
    store.set(closeModalAtom, { id: 'terms' });
    expect(Object.keys(store.get(modalsAtom))).toEqual(['terms']);
    expect(closed).toEqual([]);
    store.set(closeModalAtom, { id: 'terms', force: true });
    expect(store.get(modalsAtom)).toEqual({});
    expect(closed).toEqual(['terms']);
  });

  it('keeps several modals apart by id', () => {
    const store = createStore();
    const first = store.set(openModalAtom, { header: 'One' });
    const second = store.set(openModalAtom, { header: 'Two' });
    store.set(closeModalAtom, { id: first });
    expect(Object.keys(store.get(modalsAtom))).toEqual([second]);
  });
});
