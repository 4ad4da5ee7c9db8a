import { useEffect, useState } from 'react';

/** How often a running countdown redraws: often enough that no second is skipped on screen. */
export const NOW_TICK_MS = 250;

/**
 * The wall clock while `running` (countdowns: micro trades in progress, a VND order's time to pay),
 * updated a few times a second; the last value stays while stopped.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, NOW_TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running]);
  return now;
}
