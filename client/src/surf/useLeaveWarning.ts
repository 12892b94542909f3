import { useEffect } from 'react';

/**
 * While `active`, closing or reloading the tab asks the browser's "Leave site?" question first:
 * a challenge left unanswered counts as a wrong answer, so a slip of the hand should not cost one.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
