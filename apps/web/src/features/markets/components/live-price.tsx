import { useState } from 'react';
import { compareDecimal, formatDecimal } from '../../../shared/market/decimal';

/**
 * A price floored to the pair's decimals. When a push moves it, the figure flashes green or red
 * once (a new key restarts the animation); nothing flashes on first render and widths never change.
 */
export function LivePrice({ value, decimals }: { value: string; decimals: number }) {
  const [seen, setSeen] = useState(value);
  const [tick, setTick] = useState({ count: 0, up: true });
  if (seen !== value) {
    setSeen(value);
    setTick({ count: tick.count + 1, up: compareDecimal(value, seen) >= 0 });
  }
  const flash = tick.count === 0 ? '' : tick.up ? ' mk-flash-up' : ' mk-flash-down';
  return (
    <span key={tick.count} className={`mk-price num${flash}`} data-testid="pair-close">
      {formatDecimal(value, decimals)}
    </span>
  );
}
