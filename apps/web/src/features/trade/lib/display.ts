import { QUANTITY_DECIMALS } from '@exchange/contract';
import { isPositiveDecimal, truncateDecimal } from '../../../shared/format/decimal';
import { bangkokClock } from './chart-time';

/** A price as listed: the market's price decimals, so columns line up. */
export function showPrice(value: string, priceDecimals: number): string {
  return truncateDecimal(value, priceDecimals);
}

/** An amount as listed: the market's quantity decimals, at most 6 (spec 1 §5). */
export function showAmount(value: string, qtyDecimals: number): string {
  return truncateDecimal(value, Math.min(qtyDecimals, QUANTITY_DECIMALS));
}

/** Executed amount of an order: `0.000` while nothing traded (spec 2 §2). */
export function showExecuted(value: string, qtyDecimals: number): string {
  return isPositiveDecimal(value) ? showAmount(value, qtyDecimals) : '0.000';
}

/** Order times without the year (spec 2 §2), in the chart's zone (UTC+7), as the headers say. */
export function orderTime(ms: number): string {
  return bangkokClock(ms);
}

/** Trade times in the recent-trades list, in the chart's zone (UTC+7). */
export function tradeTime(ms: number): string {
  return bangkokClock(ms, false);
}
