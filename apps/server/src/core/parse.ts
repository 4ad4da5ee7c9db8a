import type { ErrorKey } from '@exchange/contract';
import { AppError } from '../http/errors.js';

const DECIMAL = /^(\d{1,20})(?:\.(\d{1,30}))?$/;

/**
 * A positive decimal string into integer ticks at `decimals`. More decimals than the market
 * allows is refused with `scaleKey` (spec 1 §5: prices at most 4 decimals, quantities 1e6).
 */
export function parseTicks(value: string, decimals: number, scaleKey: ErrorKey): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new AppError('trade.invalid_number');
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw new AppError(scaleKey, { decimals });
  }
  const ticks = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (ticks <= 0n || ticks > BigInt(Number.MAX_SAFE_INTEGER))
    throw new AppError('trade.invalid_number');
  return Number(ticks);
}
