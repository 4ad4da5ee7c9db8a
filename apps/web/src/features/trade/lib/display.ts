import { QUANTITY_DECIMALS } from '@exchange/contract';
import dayjs from 'dayjs';
import { isPositiveDecimal, truncateDecimal } from '../../../shared/format/decimal';

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

/** Order times without the year (spec 2 §2), local time. */
export function orderTime(ms: number): string {
  return dayjs(ms).format('MM-DD HH:mm:ss');
}

/** Trade times in the recent-trades list, local time. */
export function tradeTime(ms: number): string {
  return dayjs(ms).format('HH:mm:ss');
}
