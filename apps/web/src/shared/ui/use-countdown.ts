import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

export interface Countdown {
  /** Seconds left; 0 when idle. */
  remaining: number;
  running: boolean;
  start: (seconds: number) => void;
  reset: () => void;
}

/**
 * A seconds countdown (code resend timers, spec 1 §4: idle → 60 s → idle). It runs on the wall
 * clock, so a throttled background tab still ends on time.
 */
export function useCountdown(): Countdown {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  const reset = useCallback(() => setEndsAt(null), []);

  const remaining = secondsLeft(endsAt, now);
  return { remaining, running: remaining > 0, start, reset };
}
