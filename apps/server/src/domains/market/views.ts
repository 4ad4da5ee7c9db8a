import type { DepthSnapshot, KlineBar, PublicTrade, Quotation } from '@exchange/contract';
import type { Level } from '@exchange/engine';
import { scaled, wireAmount } from '../../core/amounts.js';
import type { MarketInfo, TradeRow } from '../spot/index.js';
import type { Candle } from './candle.js';
import { changePercent, type TickerState } from './ticker.js';

/** Integer ticks or lots at `decimals` as a wire decimal string. */
export function wireTicks(value: number | bigint, decimals: number): string {
  return wireAmount(scaled(value, decimals));
}

export function zeroQuotation(marketId: number): Quotation {
  return { currency_match_id: marketId, close: '0', change: '0', high: '0', low: '0', volume: '0' };
}

/**
 * The 24 h figures of a ticker. With nothing in the window (every trade and history bar has a
 * volume) only the close is known: change, high, low and volume stay "0", which clients show as
 * "--". Otherwise the close is a point of the window, so low ≤ close ≤ high.
 */
export function toQuotation(market: MarketInfo, s: TickerState): Quotation {
  const p = market.priceDecimals;
  if (s.volume === 0n) return { ...zeroQuotation(market.id), close: wireTicks(s.close, p) };
  return {
    currency_match_id: market.id,
    close: wireTicks(s.close, p),
    change: changePercent(BigInt(s.close), BigInt(s.reference)),
    high: wireTicks(s.high, p),
    low: wireTicks(s.low, p),
    volume: wireTicks(s.volume, market.qtyDecimals),
  };
}

function levels(list: readonly Level[], market: MarketInfo) {
  return list.map((l) => ({
    price: wireTicks(l.price, market.priceDecimals),
    amount: wireTicks(l.qty, market.qtyDecimals),
  }));
}

/**
 * The wire shape of a book's aggregated levels (in ticks and lots): bids best (highest) first,
 * asks best (lowest) first.
 */
export function formatDepth(
  market: MarketInfo,
  { bids, asks }: { bids: readonly Level[]; asks: readonly Level[] },
): DepthSnapshot {
  return { in: levels(bids, market), out: levels(asks, market) };
}

export function toPublicTrade(t: TradeRow): PublicTrade {
  return {
    id: t.id,
    price: wireAmount(t.price),
    amount: wireAmount(t.qty),
    way: t.takerSide,
    timestamp: t.createdAt.getTime(),
  };
}

export function toBar(c: Candle): KlineBar {
  return {
    time: c.openTime,
    open: wireAmount(c.open),
    high: wireAmount(c.high),
    low: wireAmount(c.low),
    close: wireAmount(c.close),
    volume: wireAmount(c.volume),
  };
}
