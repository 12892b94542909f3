import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A bar above the page (an announcement, the email confirmation) that phones show folded to one
 * line, so the page keeps most of the screen: the stylesheet clamps the element `ref` points to
 * while `expanded` is false, and this hook tells whether the clamp hides anything (`folded`),
 * which is when the bar offers its "show all" toggle. Wider screens, where nothing is clamped,
 * never see the toggle. `shown`: whether the bar is on the page now.
 */
export function useFoldedOnPhone<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, shown]);
  return {
    ref,
    expanded,
    /** The clamp hides part of the text: the toggle shows, and what follows the text may hide too. */
    folded: clamped && !expanded,
    showToggle: clamped || expanded,
    toggle: () => setExpanded((value) => !value),
  };
}
