import {
  floorDecimal,
  isPositiveDecimal,
  multiplyDecimals,
  shiftDecimal,
  subtractDecimals,
} from '../../../shared/format/number';

/** The USDT side of a conversion keeps 6 decimals, floored (the desk never rounds up). */
export const USDT_DECIMALS = 6;

/** The withdrawal fee as a percent: rate × 100 (spec 2 §5), e.g. `"0.001"` → `"0.1"`. */
export function feePercent(drawRate: string): string {
  return shiftDecimal(drawRate, 2) ?? '0';
}

/**
 * What arrives at the address: amount × (1 − fee rate) (spec 2 §5), exact. Empty while the amount
 * is not a number above zero.
 */
export function receiveAmount(amount: string, drawRate: string): string {
  if (!isPositiveDecimal(amount)) return '';
  const keep = subtractDecimals('1', drawRate);
  return (keep && multiplyDecimals(amount, keep)) ?? '';
}

/** The USDT value of a conversion as spec 2 §5 shows it: amount × the currency's USD price. */
export function usdtValue(amount: string, usdPrice: string): string {
  if (!isPositiveDecimal(amount)) return '';
  const value = multiplyDecimals(amount, usdPrice);
  return value === null ? '' : (floorDecimal(value, USDT_DECIMALS) ?? '');
}

/** Basis points as a percent (`50` → `"0.5"`): fees and slippage bounds. */
export function bpsPercent(bps: number): string {
  return shiftDecimal(String(bps), -2) ?? '0';
}
