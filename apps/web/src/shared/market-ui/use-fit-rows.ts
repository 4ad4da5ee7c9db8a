import { useEffect, useState, type RefObject } from 'react';

/**
 * How many rows of `rowHeight` px fit in the element's height (at most `max`), kept up to date
 * as the element is resized. Before the first measure it is `max`.
 */
export function useFitRows(
  element: RefObject<HTMLElement | null>,
  rowHeight: number,
  max: number,
): number {
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setHeight(node.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);

  if (height === null) return max;
  return Math.max(0, Math.min(max, Math.floor(height / rowHeight)));
}
