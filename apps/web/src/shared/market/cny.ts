import { DEFAULT_CNY_RATE } from '@exchange/contract';
import { parseScaled } from './decimal';

const CNY_DECIMALS = 2;

/**
 * The approximate CNY value of a price (spec 1 §9): close × the quote currency's CNY rate, floored
 * (toward zero) to 2 decimals, in integer maths. Before the rate is known it is 6.8. An unreadable
 * input gives `--`.
 */
export function cnyValue(close: string, rate: string | undefined): string {
  const price = parseScaled(close);
  const factor = parseScaled(rate ?? DEFAULT_CNY_RATE);
  if (price === null || factor === null) return '--';
  const product = price.units * factor.units;
  const scale = price.scale + factor.scale;
  // Both factors are exact; dropping digits below the second decimal floors toward zero.
  const cents =
    scale >= CNY_DECIMALS
      ? product / 10n ** BigInt(scale - CNY_DECIMALS)
      : product * 10n ** BigInt(CNY_DECIMALS - scale);
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(CNY_DECIMALS + 1, '0');
  const whole = digits.slice(0, -CNY_DECIMALS);
  const text = `${whole}.${digits.slice(-CNY_DECIMALS)}`;
  return negative ? `-${text}` : text;
}
