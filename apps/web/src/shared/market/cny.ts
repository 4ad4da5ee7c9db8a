import { DEFAULT_CNY_RATE } from '@exchange/contract';
import { multiplyDecimals, truncateDecimal } from '../format/number';

const CNY_DECIMALS = 2;

/**
 * The approximate CNY value of a price (spec 1 §9): close × the quote currency's CNY rate, floored
 * (toward zero) to 2 decimals, exactly. Before the rate is known it is 6.8. An unreadable input
 * gives `--`. Plain digits: the screen formats it for its language.
 */
export function cnyValue(close: string, rate: string | undefined): string {
  const product = multiplyDecimals(close, rate ?? DEFAULT_CNY_RATE);
  return product === null ? '--' : truncateDecimal(product, CNY_DECIMALS);
}
