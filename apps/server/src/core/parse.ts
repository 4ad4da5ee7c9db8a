import type { ErrorKey } from '@exchange/contract';
import { AppError } from '../http/errors.js';

const DECIMAL = /^(\d{1,20})(?:\.(\d{1,30}))?$/;

/**
 * A positive decimal string into an integer count of 10^-decimals steps. A malformed or non-positive
 * value is refused with `invalidKey`, more decimals than allowed with `scaleKey` (both with
 * `{ decimals }`); trailing zeros beyond the scale are accepted.
 */
export function parseScaled(
  value: string,
  decimals: number,
  invalidKey: ErrorKey,
  scaleKey: ErrorKey,
): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new AppError(invalidKey, { decimals });
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw new AppError(scaleKey, { decimals });
  }
  const steps = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (steps <= 0n) throw new AppError(invalidKey, { decimals });
  return steps;
}

/**
 * A positive decimal string into integer ticks at `decimals`. More decimals than the market
 * allows is refused with `scaleKey` (spec 1 §5: prices at most 4 decimals, quantities 1e6).
 */
export function parseTicks(value: string, decimals: number, scaleKey: ErrorKey): number {
  const ticks = parseScaled(value, decimals, 'trade.invalid_number', scaleKey);
  if (ticks > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError('trade.invalid_number');
  return Number(ticks);
}
