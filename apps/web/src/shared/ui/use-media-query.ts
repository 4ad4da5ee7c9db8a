import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, right from the first render. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below 768 px the header collapses into a drawer (spec: narrow windows). */
export const NARROW_QUERY = '(max-width: 767.98px)';
