import type { KlineBar, KlinePeriod, PublicTrade, Quotation } from '@exchange/contract';
import { and, asc, desc, eq, gt, lt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { onCommitted, type Bus } from '../../bus/bus.js';
import { scaled, toTicks, units, wireAmount } from '../../core/amounts.js';
import type { Committed } from '../../core/types.js';
import type { Db } from '../../db/client.js';
import { candles, trades } from '../../db/schema.js';
import type { Candle } from './candle.js';
import { CandleBook, type CandleEntry } from './candle-book.js';
import { loadCandles, readCandles, writeCandles } from './candle-store.js';
import { bucketStart } from './periods.js';
import { DAY_MS, RollingTicker } from './ticker.js';
import { BOOK_LEVELS, type MarketInfo, type MarketView, spotChanges } from '../spot/index.js';
import { formatDepth, toBar, toPublicTrade, toQuotation, zeroQuotation } from './views.js';

/** Spec 1 §9: recent trades kept 30. */
export const RECENT_TRADES = 30;
export const DEPTH_LEVELS = BOOK_LEVELS;
export const KLINE_LIMIT = 1_500;
/** Candle writes are grouped: at most one transaction per this delay, never in the core's path. */
const FLUSH_DELAY_MS = 200;
const RETRY_DELAY_MS = 1_000;

/** What one committed batch changed in the public market data. */
export interface MarketUpdate {
  /** Trades in commit order. */
  trades: { market: MarketInfo; trade: PublicTrade }[];
  /** Bars this commit changed, each a copy in its state after the commit. */
  bars: { market: MarketInfo; period: KlinePeriod; candle: Readonly<Candle> }[];
  /** Markets whose book changed. */
  books: ReadonlySet<number>;
}

interface Feed {
  ticker: RollingTicker;
  /** Newest first. */
  recent: PublicTrade[];
  /** Price of the latest real trade, in ticks (the ticker also holds the demo's past). */
  lastTrade: number | null;
}

/**
 * Public market data kept in memory (tickers, recent trades, current candles), fed by the core's
 * commits and rebuilt on start from the trades and candles tables. Candles are written back in
 * batches behind the core, never in its way.
 */
export class MarketData {
  private readonly feeds = new Map<number, Feed>();
  private readonly candles = new CandleBook();
  private readonly listeners: ((u: MarketUpdate) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly view: MarketView,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Rebuilds from the store, then follows the core's commits on the bus. Call before any order
   * is accepted.
   */
  static async start(view: MarketView, bus: Bus, db: Db, log: FastifyBaseLogger, now = Date.now()) {
    const data = new MarketData(view, db, log);
    await data.rebuild(now);
    onCommitted(bus, (c) => data.onCommit(c));
    return data;
  }

  onUpdate(listener: (u: MarketUpdate) => void) {
    this.listeners.push(listener);
  }

  quotation(marketId: number, now = Date.now()): Quotation {
    const market = this.view.market(marketId);
    const feed = this.feeds.get(marketId);
    const state = feed?.ticker.state(now);
    return market && state ? toQuotation(market, state) : zeroQuotation(marketId);
  }

  /** Latest trade price in ledger units, real trades only. */
  lastPrice(marketId: number): bigint | null {
    const market = this.view.market(marketId);
    const last = this.feeds.get(marketId)?.lastTrade;
    return market && last != null ? scaled(last, market.priceDecimals) : null;
  }

  /** The book as last committed, at most `levels` a side. */
  depth(marketId: number, levels = DEPTH_LEVELS) {
    const market = this.view.market(marketId);
    if (!market) return { in: [], out: [] };
    const { bids, asks } = this.view.book(marketId);
    return formatDepth(market, { bids: bids.slice(0, levels), asks: asks.slice(0, levels) });
  }

  recentTrades(marketId: number): PublicTrade[] {
    return [...(this.feeds.get(marketId)?.recent ?? [])];
  }

  /** Bars with `from ≤ time ≤ to`, the newest `limit`, ascending by time. */
  async kline(
    marketId: number,
    period: KlinePeriod,
    from: number,
    to: number,
    limit = KLINE_LIMIT,
  ): Promise<KlineBar[]> {
    // Taken before the query: a write that lands meanwhile is in the store or in this copy.
    const unwritten = this.candles.unwritten(marketId, period).map((c) => ({ ...c }));
    const stored = await readCandles(this.db, marketId, period, from, to, limit);
    const byTime = new Map(stored.map((c) => [c.openTime, c]));
    for (const c of unwritten)
      if (c.openTime >= from && c.openTime <= to) byTime.set(c.openTime, c);
    return [...byTime.values()]
      .sort((a, b) => a.openTime - b.openTime)
      .slice(-limit)
      .map(toBar);
  }

  /** Writes the candles changed so far. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.candles.pending) return;
    const { entries, tradeId } = this.candles.take();
    this.flushing = writeCandles(this.db, entries, tradeId)
      .then(
        () => this.candles.written(),
        (err: unknown) => {
          this.candles.failed();
          this.log.error({ err }, 'candle write failed; retrying');
          this.schedule(RETRY_DELAY_MS);
        },
      )
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  /** After the core's last commit: writes what is left and stops. */
  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private feed(marketId: number): Feed {
    let feed = this.feeds.get(marketId);
    if (!feed) {
      feed = { ticker: new RollingTicker(), recent: [], lastTrade: null };
      this.feeds.set(marketId, feed);
    }
    return feed;
  }

  private schedule(delay: number) {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private onCommit(committed: Committed) {
    const c = spotChanges(committed);
    if (!c.trades.length && !c.books.size) return;
    const update: MarketUpdate = { trades: [], bars: [], books: new Set(c.books.keys()) };
    // One push per bar, in its state after the whole commit.
    const bars = new Map<CandleEntry, MarketInfo>();
    for (const t of c.trades) {
      const market = this.view.market(t.marketId);
      if (!market) continue;
      const feed = this.feed(market.id);
      const at = t.createdAt.getTime();
      const price = toTicks(t.price, market.priceDecimals);
      feed.ticker.add(at, price, toTicks(t.qty, market.qtyDecimals));
      feed.lastTrade = price;
      const trade = toPublicTrade(t);
      feed.recent.unshift(trade);
      if (feed.recent.length > RECENT_TRADES) feed.recent.length = RECENT_TRADES;
      update.trades.push({ market, trade });
      for (const e of this.candles.apply(market.id, t.id, at, t.price, t.qty)) bars.set(e, market);
    }
    // A bar is one entry object while it is current: the entries name the bars this commit changed.
    for (const [{ period, candle }, market] of bars) {
      update.bars.push({ market, period, candle: { ...candle } });
    }
    if (c.trades.length) this.schedule(FLUSH_DELAY_MS);
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (err) {
        this.log.error({ err }, 'market update listener failed');
      }
    }
  }

  /**
   * The ticker follows the history the chart shows: the demo's backfilled one-minute bars of the
   * last 24 h (and the one before them, for the change), then the real trades made after them.
   */
  private async rebuild(now: number) {
    const cutoff = new Date(now - DAY_MS);
    for (const market of this.view.list()) {
      const feed = this.feed(market.id);
      const ticks = (price: string) => toTicks(units(price), market.priceDecimals);
      const lots = (qty: string) => toTicks(units(qty), market.qtyDecimals);
      // In trade order, as the ticker is fed while trading: the window follows the newest trade
      // made before it, found by walking back from the market's newest trade (index by market
      // and id; trades have no index by time).
      const [before] = await this.db
        .select({ id: trades.id, price: trades.price })
        .from(trades)
        .where(and(eq(trades.marketId, market.id), lte(trades.createdAt, cutoff)))
        .orderBy(desc(trades.id))
        .limit(1);
      const window = await this.db
        .select({ at: trades.createdAt, price: trades.price, qty: trades.qty })
        .from(trades)
        .where(
          and(
            eq(trades.marketId, market.id),
            gt(trades.id, before?.id ?? 0),
            gt(trades.createdAt, cutoff),
          ),
        )
        .orderBy(trades.id);
      if (before) feed.ticker.setBefore(ticks(before.price));
      else {
        // The demo's past comes before any real trade (it is only made for markets without
        // trades); a bar that a trade's minute reached is left to the trade, never counted twice.
        const first = window[0]?.at.getTime();
        const demo = await this.demoHistory(market.id, cutoff.getTime(), first);
        const reference = demo.before?.close ?? demo.window[0]?.open;
        if (reference != null) feed.ticker.setBefore(ticks(reference));
        for (const bar of demo.window) {
          feed.ticker.addBar(
            bar.openTime,
            ticks(bar.high),
            ticks(bar.low),
            ticks(bar.close),
            lots(bar.volume),
          );
        }
      }
      for (const t of window) feed.ticker.add(t.at.getTime(), ticks(t.price), lots(t.qty));
      const recent = await this.db
        .select()
        .from(trades)
        .where(eq(trades.marketId, market.id))
        .orderBy(desc(trades.id))
        .limit(RECENT_TRADES);
      feed.recent = recent.map((t) => ({
        id: t.id,
        price: wireAmount(units(t.price)),
        amount: wireAmount(units(t.qty)),
        way: t.takerSide === 1 ? 1 : 2,
        timestamp: t.createdAt.getTime(),
      }));
      feed.lastTrade = recent[0] ? ticks(recent[0].price) : null;
    }
    await loadCandles(this.db, this.candles);
    // Trades replayed into the candles since their last write are written now.
    if (this.candles.pending) await this.flush();
  }

  /**
   * A market's demo one-minute bars: the last one at or before `cutoff`, and those after it that
   * open before the minute of `until` (the first real trade of the window), in time order.
   */
  private async demoHistory(marketId: number, cutoff: number, until: number | undefined) {
    const demo = and(
      eq(candles.marketId, marketId),
      eq(candles.period, '1min'),
      eq(candles.isDemo, true),
    );
    const [before] = await this.db
      .select()
      .from(candles)
      .where(and(demo, lte(candles.openTime, cutoff)))
      .orderBy(desc(candles.openTime))
      .limit(1);
    const end = until === undefined ? undefined : bucketStart('1min', until);
    const window = await this.db
      .select()
      .from(candles)
      .where(
        and(
          demo,
          gt(candles.openTime, cutoff),
          end === undefined ? undefined : lt(candles.openTime, end),
        ),
      )
      .orderBy(asc(candles.openTime));
    return { before, window };
  }
}
