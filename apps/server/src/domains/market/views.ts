import type { DepthSnapshot, KlineBar, PublicTrade, Quotation } from '@exchange/contract';
import type { Level } from '@exchange/engine';
import { scaled, wireAmount } from '../../core/amounts.js';
import type { MarketState, TradeRow } from '../../core/types.js';
import type { Candle } from './candle.js';
import { changePercent, type TickerState } from './ticker.js';

/** Integer ticks or lots at `decimals` as a wire decimal string. */
export function wireTicks(value: number | bigint, decimals: number): string {
  return wireAmount(scaled(value, decimals));
}

export function zeroQuotation(marketId: number): Quotation {
  return { currency_match_id: marketId, close: '0', change: '0', high: '0', low: '0', volume: '0' };
}

export function toQuotation(market: MarketState, s: TickerState): Quotation {
  const p = market.priceDecimals;
  return {
    currency_match_id: market.id,
    close: wireTicks(s.close, p),
    change: changePercent(BigInt(s.close), BigInt(s.reference)),
    high: wireTicks(s.high, p),
    low: wireTicks(s.low, p),
    volume: wireTicks(s.volume, market.qtyDecimals),
  };
}

function levels(list: Level[], market: MarketState) {
  return list.map((l) => ({
    price: wireTicks(l.price, market.priceDecimals),
    amount: wireTicks(l.qty, market.qtyDecimals),
  }));
}

/** Aggregated levels of the engine's book: bids best (highest) first, asks best (lowest) first. */
export function toDepth(market: MarketState, maxLevels: number): DepthSnapshot {
  return formatDepth(market, market.book.depth(maxLevels));
}

/** The wire shape of levels read from the book (in ticks and lots). */
export function formatDepth(
  market: MarketState,
  { bids, asks }: { bids: Level[]; asks: Level[] },
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
