/**
 * The matching engine's command and event types. The server's core is written against these exact
 * shapes, so they stay plain numbers (ticks, lots, ids) rather than branded types.
 */

/** 1 buy, 2 sell: the documents' `way`. */
export type Side = 1 | 2;
export type OrderKind = 'limit' | 'market';

export interface PlaceCommand {
  /** Positive safe integer, unique, assigned by the caller in arrival order. */
  orderId: number;
  /** The user; orders of one owner never trade with each other. */
  ownerId: number;
  side: Side;
  kind: OrderKind;
  /** Limit price in ticks (positive safe integer); ignored for market orders. */
  price: number;
  /** Lots (positive safe integer). */
  qty: number;
}

export interface RestingOrder {
  orderId: number;
  ownerId: number;
  side: Side;
  price: number;
  remaining: number;
}

/** See OrderBook.preview. */
export interface TakePreview {
  /** Lots the opposite side (other owners only) holds, up to the quantity asked. */
  filled: number;
  /** Σ price ticks × lots over what would fill. */
  notional: bigint;
  /** The first and the last price that would trade; null when nothing would. */
  best: number | null;
  worst: number | null;
}

export interface Level {
  price: number;
  qty: number;
}

export type CancelReason = 'user' | 'unfilled' | 'self_trade' | 'no_liquidity';
export type RejectReason = 'duplicate_order' | 'unknown_order' | 'invalid';

export type BookEvent =
  | { type: 'accepted'; orderId: number }
  | {
      type: 'trade';
      makerOrderId: number;
      takerOrderId: number;
      makerOwnerId: number;
      takerOwnerId: number;
      takerSide: Side;
      price: number;
      qty: number;
      makerRemaining: number;
      takerRemaining: number;
    }
  | { type: 'rested'; orderId: number; side: Side; price: number; remaining: number }
  | { type: 'filled'; orderId: number }
  | {
      type: 'cancelled';
      orderId: number;
      ownerId: number;
      side: Side;
      price: number;
      remaining: number;
      reason: CancelReason;
    }
  | { type: 'rejected'; orderId: number; reason: RejectReason };

export interface BookOptions {
  /** Market-order protection band in basis points (500 = 5 %), an integer in [0, 10000]. */
  bandBps: number;
}

export const BUY: Side = 1;
export const SELL: Side = 2;

/** The ten-thousandths that basis points are counted in. */
export const BPS = 10_000;
