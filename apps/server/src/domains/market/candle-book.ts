import type { KlinePeriod } from '@exchange/contract';
import { addTrade, type Candle, newCandle } from './candle.js';
import { bucketStart, PERIODS } from './periods.js';

export interface CandleEntry {
  marketId: number;
  period: KlinePeriod;
  candle: Candle;
}

const currentKey = (marketId: number, period: KlinePeriod) => `${marketId}:${period}`;
const rowKey = (e: CandleEntry) => `${e.marketId}:${e.period}:${e.candle.openTime}`;

/**
 * The current bar of every (market, period), and the bars changed since they were last written.
 * Bars are shared objects: a bar being written keeps changing in memory and is marked again, so
 * the next write carries its newest state.
 */
export class CandleBook {
  private readonly current = new Map<string, CandleEntry>();
  private dirty = new Map<string, CandleEntry>();
  private writing = new Map<string, CandleEntry>();
  /** Highest trade id applied to the bars. */
  private lastTradeId = 0;

  /** A bar read from the store becomes the current one of its market and period. */
  restore(entry: CandleEntry) {
    this.current.set(currentKey(entry.marketId, entry.period), entry);
  }

  /** Applies one trade to every period; returns the bars it changed. */
  apply(marketId: number, tradeId: number, at: number, price: bigint, qty: bigint): CandleEntry[] {
    const changed: CandleEntry[] = [];
    for (const period of PERIODS) {
      const k = currentKey(marketId, period);
      const start = bucketStart(period, at);
      let entry = this.current.get(k);
      // A clock that stepped back adds to the current bar rather than reopening a closed one.
      if (entry && start <= entry.candle.openTime) addTrade(entry.candle, price, qty);
      else {
        entry = { marketId, period, candle: newCandle(start, price, qty) };
        this.current.set(k, entry);
      }
      this.dirty.set(rowKey(entry), entry);
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
    this.dirty = new Map();
    return { entries: [...this.writing.values()], tradeId: this.lastTradeId };
  }

  /** The write committed. */
  written() {
    this.writing = new Map();
  }

  /** The write failed: its bars go out again with the next one. */
  failed() {
    for (const [k, e] of this.writing) if (!this.dirty.has(k)) this.dirty.set(k, e);
    this.writing = new Map();
  }

  /** Bars of one market and period that the store may not have yet, in their newest state. */
  unwritten(marketId: number, period: KlinePeriod): Candle[] {
    const out = new Map<number, Candle>();
    for (const map of [this.writing, this.dirty]) {
      for (const e of map.values()) {
        if (e.marketId === marketId && e.period === period) out.set(e.candle.openTime, e.candle);
      }
    }
    return [...out.values()];
  }

  currentBar(marketId: number, period: KlinePeriod): Candle | undefined {
    return this.current.get(currentKey(marketId, period))?.candle;
  }
}
