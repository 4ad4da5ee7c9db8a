import type { KlinePeriod } from '@exchange/contract';
import { addTrade, type Candle, newCandle } from './candle.js';
import { bucketStart, PERIODS } from './periods.js';

export interface CandleEntry {
  marketId: number;
  period: KlinePeriod;
  candle: Candle;
}

/** Index of each period in PERIODS: the current bars of a market are an array in that order. */
const PERIOD_INDEX = new Map(PERIODS.map((p, i) => [p, i]));
const periodIndex = (period: KlinePeriod) => PERIOD_INDEX.get(period) ?? -1;

/**
 * The current bar of every (market, period), and the bars changed since they were last written.
 * Bars are shared objects: a bar being written keeps changing in memory and is marked again, so
 * the next write carries its newest state.
 *
 * An entry stands for one bar (market, period, opening time) for as long as it lives: a new entry
 * is made only for a later bar than the current one. The sets of changed bars therefore hold
 * entries, without building a key for each bar a trade touches.
 */
export class CandleBook {
  /** Per market, the current entry of each period (indexed as PERIODS). */
  private readonly current = new Map<number, (CandleEntry | undefined)[]>();
  private dirty = new Set<CandleEntry>();
  private writing = new Set<CandleEntry>();
  /** Highest trade id applied to the bars. */
  private lastTradeId = 0;

  private bars(marketId: number): (CandleEntry | undefined)[] {
    let bars = this.current.get(marketId);
    if (!bars) {
      bars = new Array<CandleEntry | undefined>(PERIODS.length);
      this.current.set(marketId, bars);
    }
    return bars;
  }

  /** A bar read from the store becomes the current one of its market and period. */
  restore(entry: CandleEntry) {
    const i = periodIndex(entry.period);
    if (i >= 0) this.bars(entry.marketId)[i] = entry;
  }

  /** Applies one trade to every period; returns the bars it changed. */
  apply(marketId: number, tradeId: number, at: number, price: bigint, qty: bigint): CandleEntry[] {
    const changed: CandleEntry[] = [];
    const bars = this.bars(marketId);
    for (let i = 0; i < PERIODS.length; i++) {
      const period = PERIODS[i] as KlinePeriod;
      const start = bucketStart(period, at);
      let entry = bars[i];
      // A clock that stepped back adds to the current bar rather than reopening a closed one.
      if (entry && start <= entry.candle.openTime) addTrade(entry.candle, price, qty);
      else {
        entry = { marketId, period, candle: newCandle(start, price, qty) };
        bars[i] = entry;
      }
      this.dirty.add(entry);
      changed.push(entry);
    }
    if (tradeId > this.lastTradeId) this.lastTradeId = tradeId;
    return changed;
  }

  get pending(): boolean {
    return this.dirty.size > 0;
  }

  /** Hands the changed bars to a writer, with the trade id they include everything up to. */
  take(): { entries: CandleEntry[]; tradeId: number } {
    this.writing = this.dirty;
    this.dirty = new Set();
    return { entries: [...this.writing], tradeId: this.lastTradeId };
  }

  /** The write committed. */
  written() {
    this.writing = new Set();
  }

  /** The write failed: its bars go out again with the next one. */
  failed() {
    for (const e of this.writing) this.dirty.add(e);
    this.writing = new Set();
  }

  /** Bars of one market and period that the store may not have yet, in their newest state. */
  unwritten(marketId: number, period: KlinePeriod): Candle[] {
    const out = new Map<number, Candle>();
    for (const set of [this.writing, this.dirty]) {
      for (const e of set) {
        if (e.marketId === marketId && e.period === period) out.set(e.candle.openTime, e.candle);
      }
    }
    return [...out.values()];
  }

  currentBar(marketId: number, period: KlinePeriod): Candle | undefined {
    return this.current.get(marketId)?.[periodIndex(period)]?.candle;
  }
}
