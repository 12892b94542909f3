import { useEffect, useState } from 'react';

/** True while the viewport is narrower than `breakpointPx`. */
export function useIsNarrow(breakpointPx: number): boolean {
  const query = `(max-width: ${breakpointPx - 0.02}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setNarrow(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}
