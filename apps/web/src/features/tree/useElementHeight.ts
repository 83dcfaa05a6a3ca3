import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's inner height in px, followed with a ResizeObserver; 0 until measured (and where
 * layout is not computed, as in tests).
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(Math.floor(el.clientHeight));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return height;
}
