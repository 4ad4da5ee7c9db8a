/**
 * The house's exposure on micro trade: the stakes and gains of open orders per pair, stake
 * currency and end moment (a bucket), and the running sums of the buckets' exposures per currency
 * and per pair and currency (every expiry). Amounts at the currency's decimals.
 */
import { micro } from '@exchange/engine';
import { fromScale } from '../../core/amounts.js';
import type { MicroRow } from './types.js';

export interface Bucket {
  upGains: bigint;
  downGains: bigint;
  upStakes: bigint;
  downStakes: bigint;
}

const EMPTY: Bucket = { upGains: 0n, downGains: 0n, upStakes: 0n, downStakes: 0n };

const bucketKey = (marketId: number, currencyId: number, endAt: number) =>
  `${String(marketId)}:${String(currencyId)}:${String(endAt)}`;

/** The key of a pair and a stake currency (caps, exposure on a pair). */
export const capKey = (marketId: number, currencyId: number) =>
  `${String(marketId)}:${String(currencyId)}`;

/** What the house owes at worst on a bucket: the larger side's gains less the other's stakes. */
export function exposureOf(b: Bucket): bigint {
  const up = b.upGains - b.downStakes;
  const down = b.downGains - b.upStakes;
  const worst = up > down ? up : down;
  return worst > 0n ? worst : 0n;
}

function addToBucket(
  b: Bucket,
  type: micro.MicroDirection,
  stake: bigint,
  gain: bigint,
  sign: 1n | -1n,
): Bucket {
  return type === 1
    ? { ...b, upGains: b.upGains + sign * gain, upStakes: b.upStakes + sign * stake }
    : { ...b, downGains: b.downGains + sign * gain, downStakes: b.downStakes + sign * stake };
}

export class Exposure {
  private buckets = new Map<string, Bucket>();
  /** Σ bucket exposures per currency. */
  private totals = new Map<number, bigint>();
  /** Σ bucket exposures per pair and currency, every expiry. */
  private onPairs = new Map<string, bigint>();

  /** The house's exposure in a currency over every open bucket. */
  total(currencyId: number): bigint {
    return this.totals.get(currencyId) ?? 0n;
  }

  /** The house's exposure on one pair in a currency over every open expiry. */
  onPair(marketId: number, currencyId: number): bigint {
    return this.onPairs.get(capKey(marketId, currencyId)) ?? 0n;
  }

  /** Currencies with a running sum (zero ones included once they had a bucket). */
  currencies(): Iterable<number> {
    return this.totals.keys();
  }

  /**
   * The pair's and the currency's exposure were a stake of `type` ending at `endAt` accepted, or
   * null when it would not raise its bucket's exposure.
   */
  withStake(
    marketId: number,
    currencyId: number,
    endAt: number,
    type: micro.MicroDirection,
    stake: bigint,
    gain: bigint,
  ): { onPair: bigint; total: bigint } | null {
    const before = this.buckets.get(bucketKey(marketId, currencyId, endAt)) ?? EMPTY;
    const was = exposureOf(before);
    const will = exposureOf(addToBucket(before, type, stake, gain, 1n));
    if (will <= was) return null;
    return {
      onPair: this.onPair(marketId, currencyId) - was + will,
      total: this.total(currencyId) - was + will,
    };
  }

  /** Adds (`sign` 1) or removes (-1) an open order's stake and gain; `d` its currency's decimals. */
  change(r: MicroRow, d: number, sign: 1n | -1n) {
    const key = bucketKey(r.marketId, r.currencyId, r.endAt);
    const before = this.buckets.get(key) ?? EMPTY;
    const stake = fromScale(r.number, d);
    const after = addToBucket(before, r.type, stake, micro.microGain(stake, r.ratio, d), sign);
    const change = exposureOf(after) - exposureOf(before);
    this.totals.set(r.currencyId, (this.totals.get(r.currencyId) ?? 0n) + change);
    const pk = capKey(r.marketId, r.currencyId);
    const onPair = (this.onPairs.get(pk) ?? 0n) + change;
    if (onPair === 0n) this.onPairs.delete(pk);
    else this.onPairs.set(pk, onPair);
    if (after.upStakes === 0n && after.downStakes === 0n) this.buckets.delete(key);
    else this.buckets.set(key, after);
  }

  /** Drops a bucket whose orders have all settled, with its exposure. */
  drop(marketId: number, currencyId: number, endAt: number) {
    const key = bucketKey(marketId, currencyId, endAt);
    const b = this.buckets.get(key);
    if (!b) return;
    this.buckets.delete(key);
    this.totals.set(currencyId, (this.totals.get(currencyId) ?? 0n) - exposureOf(b));
    const pk = capKey(marketId, currencyId);
    const left = (this.onPairs.get(pk) ?? 0n) - exposureOf(b);
    if (left === 0n) this.onPairs.delete(pk);
    else this.onPairs.set(pk, left);
  }

  clear() {
    this.buckets = new Map();
    this.totals = new Map();
    this.onPairs = new Map();
  }

  /**
   * Buckets and running sums for `Handler.snapshot`. A currency's sum of zero is left out: it
   * stays in memory after its last bucket goes, while a load from the store makes none.
   */
  snapshot() {
    return {
      buckets: this.buckets,
      totals: new Map([...this.totals].filter(([, v]) => v !== 0n)),
      onPairs: this.onPairs,
    };
  }
}
