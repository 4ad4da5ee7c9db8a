import { ORDER_TYPE, type SpotOrder } from '@exchange/contract';
import {
  decimalText,
  divideScaled,
  NOT_A_NUMBER,
  parseDecimal,
  type NumberFormat,
} from '../../../shared/format/number';

/**
 * The average fill price of an order, filled total ÷ filled amount (`transacted_volume /
 * transacted_amount`), floored at the market's price decimals; null while nothing has filled.
 */
export function averageFillPrice(
  order: Pick<SpotOrder, 'transacted_volume' | 'transacted_amount'>,
  priceDecimals: number,
): string | null {
  const volume = parseDecimal(order.transacted_volume);
  const amount = parseDecimal(order.transacted_amount);
  if (volume === null || amount === null || amount.units <= 0n) return null;
  const average = divideScaled(volume, amount, Math.max(0, priceDecimals), 'floor');
  return average === null ? null : decimalText(average);
}

/**
 * The price column of the order lists: a limit order's own price; for a market order the average
 * price it filled at (its wire price is only the protection-band limit), `--` while unfilled;
 * in the UI language of `format`.
 */
export function orderPriceText(
  order: Pick<SpotOrder, 'type' | 'price' | 'transacted_volume' | 'transacted_amount'>,
  priceDecimals: number,
  format: NumberFormat,
): string {
  if (order.type !== ORDER_TYPE.market) return format.price(order.price, priceDecimals);
  const average = averageFillPrice(order, priceDecimals);
  return average === null ? NOT_A_NUMBER : format.price(average, priceDecimals);
}
