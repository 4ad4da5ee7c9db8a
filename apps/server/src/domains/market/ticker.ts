import { fromUnits } from '@exchange/engine';

export const DAY_MS = 86_400_000;

/** What a 24 h quotation is computed from; prices in ticks, volume in lots of one market. */
export interface TickerState {
  close: number;
  /** The price 24 h ago: the last trade at or before the window's start, else the first in it. */
  reference: number;
  high: number;
  low: number;
  volume: bigint;
}

/**
 * A rolling 24 h window of one market's trades, kept exactly (ticks and lots as integers in plain
 * arrays: about 24 bytes a trade). High and low are cached and rescanned only when a trade that
 * set them leaves the window. A bar of history (the demo's backfilled past) enters as points at
 * its opening time: its high and low without volume, then its close with its volume.
 */
export class RollingTicker {
  private times: number[] = [];
  private prices: number[] = [];
  private qtys: number[] = [];
  private head = 0;
  /** Price of the last trade that left the window (or was before it when rebuilt). */
  private before: number | null = null;
  private last: number | null = null;
  private volume = 0n;
  private high = 0;
  private low = 0;
  private extremesStale = false;

  constructor(private readonly windowMs = DAY_MS) {}

  /** The last trade at or before the window's start, when rebuilding from the store. */
  setBefore(price: number) {
    this.before = price;
    if (this.last === null) this.last = price;
  }

  /** Trades are added in time order. */
  add(time: number, price: number, qty: number) {
    if (this.head === this.times.length) {
      this.high = price;
      this.low = price;
      this.extremesStale = false;
    } else {
      if (price > this.high) this.high = price;
      if (price < this.low) this.low = price;
    }
    this.times.push(time);
    this.prices.push(price);
    this.qtys.push(qty);
    this.volume += BigInt(qty);
    this.last = price;
  }

  /** A bar of history, in time order with trades: counts as its high, low and close. */
  addBar(time: number, high: number, low: number, close: number, volume: number) {
    this.add(time, high, 0);
    this.add(time, low, 0);
    this.add(time, close, volume);
  }

  /**
   * The window ending at `now`; null when the market has no price yet (no trade, no bar). An
   * empty window (no volume) keeps the last price as close, high, low and reference.
   */
  state(now: number): TickerState | null {
    this.evict(now - this.windowMs);
    if (this.last === null) return null;
    const inWindow = this.times.length - this.head;
    if (inWindow === 0) {
      return {
        close: this.last,
        reference: this.last,
        high: this.last,
        low: this.last,
        volume: 0n,
      };
    }
    if (this.extremesStale) this.rescan();
    return {
      close: this.last,
      reference: this.before ?? this.prices[this.head] ?? this.last,
      high: this.high,
      low: this.low,
      volume: this.volume,
    };
  }

  /** Trades at or before `cutoff` leave the window. */
  private evict(cutoff: number) {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= cutoff) {
      const price = this.prices[this.head] ?? 0;
      this.before = price;
      this.volume -= BigInt(this.qtys[this.head] ?? 0);
      if (price === this.high || price === this.low) this.extremesStale = true;
      this.head++;
    }
    // Compact once the dead prefix is large and at least half of the arrays.
    if (this.head > 4_096 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.prices = this.prices.slice(this.head);
      this.qtys = this.qtys.slice(this.head);
      this.head = 0;
    }
  }

  private rescan() {
    let high = -Infinity;
    let low = Infinity;
    for (let i = this.head; i < this.prices.length; i++) {
      const p = this.prices[i] ?? 0;
      if (p > high) high = p;
      if (p < low) low = p;
    }
    this.high = high;
    this.low = low;
    this.extremesStale = false;
  }
}

/**
 * Change in percent with 2 decimals, rounded half away from zero, signed when negative
 * ("1.25", "-0.40", "0.00"); integer maths on the two prices, never a float.
 */
export function changePercent(close: bigint, reference: bigint): string {
  if (reference <= 0n) return '0.00';
  const scaled = (close - reference) * 10_000n;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  let q = abs / reference;
  if ((abs % reference) * 2n >= reference) q += 1n;
  if (q === 0n) return '0.00';
  return `${negative ? '-' : ''}${fromUnits(q, 2)}`;
}
