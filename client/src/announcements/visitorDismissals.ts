const STORAGE_KEY = 'dismissedAnnouncements';

/** A visitor's dismissals stay in this browser (there is no account to keep them on). */
export function visitorDismissed(id: number): boolean {
  return read().includes(id);
}

export function rememberVisitorDismissal(id: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([...read(), id].slice(-100)));
  } catch {
    // Storage may be full or blocked; the announcement simply shows again next time.
  }
}

function read(): number[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
  } catch {
    return [];
  }
}
