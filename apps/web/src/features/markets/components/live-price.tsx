import { useState } from 'react';
import { sortDecimals } from '../../../shared/format/number';
import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';

/**
 * A price floored to the pair's decimals, in the language's separators. When a push moves it, the figure flashes green or red
 * once (a new key restarts the animation); nothing flashes on first render and widths never change.
 */
export function LivePrice({ value, decimals }: { value: string; decimals: number }) {
  const format = useNumberFormat();
  const [seen, setSeen] = useState(value);
  const [tick, setTick] = useState({ count: 0, up: true });
  if (seen !== value) {
    setSeen(value);
    setTick({ count: tick.count + 1, up: sortDecimals(value, seen) >= 0 });
  }
  const flash = tick.count === 0 ? '' : tick.up ? ' mk-flash-up' : ' mk-flash-down';
  return (
    <span key={tick.count} className={`mk-price ${TABULAR_NUMS}${flash}`} data-testid="pair-close">
      {format.price(value, decimals)}
    </span>
  );
}
