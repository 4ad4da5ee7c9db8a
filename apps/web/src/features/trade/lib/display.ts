import type { NumberFormat } from '../../../shared/format/number';
import { isPositiveDecimal } from '../../../shared/format/number';
import { bangkokClock } from '../../../shared/market-ui/chart-time';

/**
 * Executed amount of an order in the UI language: the market's quantity decimals (at most 6), or
 * `0.000` while nothing traded (spec 2 §2).
 */
export function executedText(format: NumberFormat, value: string, qtyDecimals: number): string {
  return isPositiveDecimal(value) ? format.quantity(value, qtyDecimals) : format.decimal('0', 3);
}

/** Order times without the year (spec 2 §2), in the chart's zone (UTC+7), as the headers say. */
export function orderTime(ms: number): string {
  return bangkokClock(ms);
}

/** Trade times in the recent-trades list, in the chart's zone (UTC+7). */
export function tradeTime(ms: number): string {
  return bangkokClock(ms, false);
}
