import { RECENT_TRADES_MAX, type PublicTrade } from '@exchange/contract';

function newestFirst(a: PublicTrade, b: PublicTrade): number {
  return b.timestamp - a.timestamp || b.id - a.id;
}

/** The recent-trades list: newest first, at most 30 (spec 1 §4, §9). */
export function recentTrades(trades: readonly PublicTrade[]): PublicTrade[] {
  return [...trades].sort(newestFirst).slice(0, RECENT_TRADES_MAX);
}

/** Adds a pushed trade (`GLOBAL_TX`); a trade already listed leaves the list as it is. */
export function addTrade(trades: PublicTrade[], trade: PublicTrade): PublicTrade[] {
  if (trades.some((t) => t.id === trade.id)) return trades;
  return recentTrades([trade, ...trades]);
}
