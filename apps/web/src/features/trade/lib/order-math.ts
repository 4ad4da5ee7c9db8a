import { PRICE_MAX_DECIMALS, QUANTITY_DECIMALS, type DepthSnapshot } from '@exchange/contract';
import {
  decimalText,
  divideScaled,
  multiplyScaled,
  parseDecimal,
  rescaleScaled,
  type ScaledDecimal,
} from '../../../shared/format/number';

export type Side = 'buy' | 'sell';
export type OrderMode = 'limit' | 'market';

/** Totals are rounded up at 6 decimals (spec 1 §5). */
export const TOTAL_DECIMALS = 6;

/** Quantity decimals: 6 (scale 1e6, spec 1 §5), or fewer when the market allows fewer. */
export function quantityDecimals(qtyDecimals: number): number {
  return Math.max(0, Math.min(QUANTITY_DECIMALS, qtyDecimals));
}

/** Price decimals: at most 4 (spec 1 §5), or fewer when the market allows fewer. */
export function priceDecimals(marketDecimals: number): number {
  return Math.max(0, Math.min(PRICE_MAX_DECIMALS, marketDecimals));
}

function positive(text: string | null | undefined): ScaledDecimal | null {
  if (!text) return null;
  const value = parseDecimal(text);
  return value !== null && value.units > 0n ? value : null;
}

export interface SliderInput {
  side: Side;
  /** 0–100, in steps of 25 on the slider (spec 1 §5). */
  percent: number;
  /** Available balance: quote for a buy, base for a sell. */
  balance: string | null | undefined;
  /** The order price; a buy needs it to turn quote into base. */
  price: string | null | undefined;
  qtyDecimals: number;
}

/**
 * The quantity a slider position stands for (spec 1 §5): buy = quote balance × percent / price,
 * sell = base balance × percent, both floored at the quantity decimals. Empty when it cannot be
 * worked out (no balance, no price for a buy) or when the slider is at 0.
 */
export function sliderQuantity(input: SliderInput): string {
  const balance = positive(input.balance);
  const percent = Math.round(input.percent);
  if (balance === null || percent <= 0) return '';
  const share = multiplyScaled(balance, { units: BigInt(Math.min(percent, 100)), scale: 2 });
  const scale = quantityDecimals(input.qtyDecimals);
  if (input.side === 'sell') return decimalText(rescaleScaled(share, scale, 'floor'));
  const price = positive(input.price);
  if (price === null) return '';
  const quantity = divideScaled(share, price, scale, 'floor');
  return quantity === null ? '' : decimalText(quantity);
}

/** price × quantity rounded up at 6 decimals (spec 1 §5); empty while either is missing. */
export function orderTotal(price: string | null | undefined, quantity: string): string {
  const p = positive(price);
  const q = positive(quantity);
  if (p === null || q === null) return '';
  return decimalText(rescaleScaled(multiplyScaled(p, q), TOTAL_DECIMALS, 'ceil'));
}

/**
 * The market-mode price from the book (spec 1 §4): a buy takes the best ask (the last of the asks
 * as displayed, i.e. the first of `out`), a sell the best bid. Null when that side is empty.
 */
export function bookPrice(side: Side, depth: DepthSnapshot | undefined): string | null {
  const level = side === 'buy' ? depth?.out[0] : depth?.in[0];
  return level && positive(level.price) ? level.price : null;
}

export type OrderErrorKey = 'trade.p_price' | 'trade.notbest' | 'trade.p_num';

/**
 * The form's checks, in the documents' order (spec 1 §5): a limit order needs a price
 * (trade.p_price), a market order a best price from the book (trade.notbest), both a quantity
 * above zero (trade.p_num).
 */
export function validateOrder(input: {
  mode: OrderMode;
  price: string | null | undefined;
  quantity: string;
}): OrderErrorKey | null {
  const price = positive(input.price);
  if (price === null) return input.mode === 'limit' ? 'trade.p_price' : 'trade.notbest';
  if (positive(input.quantity) === null) return 'trade.p_num';
  return null;
}
