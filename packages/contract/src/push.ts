import type {
  DepthSnapshot,
  KlineBar,
  KlinePeriod,
  PublicTrade,
  Quotation,
} from './calls/market.js';
import type { SpotOrder } from './calls/spot.js';

/** `DAY_MARKET`, about once a second: the pairs whose 24 h quotation changed. */
export type DayMarketPush = {
  currency_match_id: number;
  symbol: string;
  quotation: Quotation;
}[];

/** `MARKET_DEPTH.{symbol}` when the book changed: a snapshot of aggregated levels. */
export interface MarketDepthPush extends DepthSnapshot {
  currency_match_id: number;
  symbol: string;
  /** Server time of the snapshot (epoch ms). */
  ts: number;
}

/** `GLOBAL_TX.{symbol}`: one committed trade. */
export type GlobalTxPush = PublicTrade & { currency_match_id: number; symbol: string };

/** `KLINE.{symbol}`: the current bar of one period after a trade. */
export interface KlinePush {
  currency_match_id: number;
  symbol: string;
  period: KlinePeriod;
  bar: KlineBar;
}

export interface BalancePush {
  currency_id: number;
  balance: string;
  lock_balance: string;
}

/** `TX_SUBMIT` (private): an order just placed. */
export interface TxSubmitPush {
  order: SpotOrder;
}

/** `TX_MATCHED` (private): an order that traded, with its owner's new base and quote balances. */
export interface TxMatchedPush {
  order: SpotOrder;
  base_balance: BalancePush | null;
  quote_balance: BalancePush | null;
}
