import type { Quotation } from '@exchange/contract';
import { isPositiveDecimal } from '../format/number';

/** What the tables show instead of a 24 h figure of a market with nothing in its last 24 h. */
export const NO_DAY_DATA = '--';

/**
 * Whether a quotation has anything in its last 24 h (trades, or the demo's history): the server
 * sends high, low, change and volume as '0' when it has not, and the close alone when it has an
 * older price. A high is then positive whenever there is data.
 */
export function hasDayData(q: Pick<Quotation, 'high'>): boolean {
  return isPositiveDecimal(q.high);
}
