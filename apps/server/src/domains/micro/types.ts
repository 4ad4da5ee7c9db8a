import type { MicroOutcome } from '@exchange/contract';
import type { micro } from '@exchange/engine';

/** A pair as micro trade sees it. */
export interface MicroPair {
  marketId: number;
  symbol: string;
  priceDecimals: number;
  open: boolean;
  /** The pair's own options; null: the default options apply. */
  options: MicroOptionTerms[] | null;
}

export interface MicroOptionTerms {
  seconds: number;
  /** Fraction of the stake paid on a win, as a plain decimal ("0.8"). */
  ratio: string;
}

/** A currency one may stake; amounts at the currency's decimals (not the ledger's). */
export interface MicroCurrencyTerms {
  currencyId: number;
  code: string;
  decimals: number;
  enabled: boolean;
  numbers: bigint[];
  min: bigint;
  max: bigint;
  feeRate: string;
  defaultCap: bigint;
}

/** A micro order as the handler keeps it and the store holds it (ledger-scale amounts). */
export interface MicroRow {
  id: number;
  userId: number;
  marketId: number;
  currencyId: number;
  type: micro.MicroDirection;
  /** 1 in progress, 3 closed. */
  status: 1 | 3;
  seconds: number;
  /** The stake. */
  number: bigint;
  fee: bigint;
  ratio: string;
  /** Whole seconds, epoch ms: the moments of the open and the end index. */
  openAt: number;
  endAt: number;
  openPrice: bigint | null;
  endPrice: bigint | null;
  outcome: MicroOutcome | null;
  factProfits: bigint | null;
  createdAt: Date;
  settledAt: Date | null;
  /** The pair's index minimums at acceptance (null on orders taken before they existed). */
  minTrades: number | null;
  minVolume: bigint | null;
}

/** A trade as the index reads it (ledger-scale price and quantity) with its two owners. */
export interface WindowTrade {
  id: number;
  at: number;
  price: bigint;
  qty: bigint;
  users: readonly [number, number];
}

/** A pair's published minimums for its index, and the house's manipulation multiple. */
export interface MicroGuard {
  /** Trades of others (not the bettor's) a window needs for an index. */
  minTrades: number;
  /** Their base volume, ledger units. */
  minVolume: bigint;
  /** The house accepts exposure up to the cheapest deciding push's cost / this (ppm). */
  multiplePpm: bigint;
}

/**
 * The index of a pair at a whole second with what it was made of (ledger-scale prices): stored in
 * micro_index, and shown as a settlement's evidence with the trades of its window.
 */
export interface IndexRecord {
  marketId: number;
  at: number;
  source: micro.IndexSource;
  /** The window (from, at]: every trade of the pair in it is listed. */
  from: number;
  trades: WindowTrade[];
  bid: bigint | null;
  ask: bigint | null;
  /** The index of the whole window (nobody's trades left out); null: void. */
  value: bigint | null;
  /** The pair's price decimals (an index is rounded down to a price the pair can quote). */
  priceDecimals: number;
  /** The minimums the index was evaluated with; null on indexes stored before they existed. */
  minTrades: number | null;
  minVolume: bigint | null;
}
