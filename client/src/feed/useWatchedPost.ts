import { useEffect, type RefObject } from 'react';
import { watchPost } from './postWatch.js';

/** Watches the post live while its element is on screen (or near it). */
export function useWatchedPost(pid: number, element: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return watchPost(pid);
    let unwatch: (() => void) | null = null;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && !unwatch) unwatch = watchPost(pid);
        if (!entry.isIntersecting && unwatch) {
          unwatch();
          unwatch = null;
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      unwatch?.();
    };
  }, [pid, element]);
}
