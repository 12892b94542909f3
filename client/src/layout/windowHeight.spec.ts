import { createStore } from 'jotai';
import { clearWindowHeightAtom, fixWindowHeightAtom, fullWindowHeight, windowHeightAtom } from './windowHeight.js';

function page(innerHeight: number, footerHeight: number) {
  return { innerHeight, footerHeight, bodyStyle: { overflow: 'auto', position: 'static', width: '', top: '' } };
}

describe('the full-screen window height', () => {
  it('is the inner height plus 14 px less the footer height', () => {
    expect(fullWindowHeight(800, 60)).toBe(754);
    expect(fullWindowHeight(667, 0)).toBe(681);
  });

  it('fixes the body and keeps the height in the store, and clearing puts the body back as it was', () => {
    const store = createStore();
    const phone = page(700, 50);
    store.set(fixWindowHeightAtom, phone);
    expect(store.get(windowHeightAtom)).toBe(664);
    expect(phone.bodyStyle).toEqual({ overflow: 'hidden', position: 'fixed', width: '100%', top: '0' });

    store.set(clearWindowHeightAtom);
    expect(store.get(windowHeightAtom)).toBeNull();
    expect(phone.bodyStyle).toEqual({ overflow: 'auto', position: 'static', width: '', top: '' });
  });

  it('computes the height anew on a resize without losing the styles to put back', () => {
    const store = createStore();
    const phone = page(700, 50);
    store.set(fixWindowHeightAtom, phone);
    store.set(fixWindowHeightAtom, { ...phone, innerHeight: 500 });
    expect(store.get(windowHeightAtom)).toBe(464);
    store.set(clearWindowHeightAtom);
    expect(phone.bodyStyle.overflow).toBe('auto');
    expect(phone.bodyStyle.position).toBe('static');
  });

  it('clearing when nothing is fixed changes nothing', () => {
    const store = createStore();
    store.set(clearWindowHeightAtom);
    expect(store.get(windowHeightAtom)).toBeNull();
  });
});
