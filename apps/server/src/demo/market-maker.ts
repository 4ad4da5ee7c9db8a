import { ACCOUNT_TYPE, ORDER_STATUS } from '@exchange/contract';
import type { Side } from '@exchange/engine';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { scaled, units } from '../core/amounts.js';
import { onCommitted, type Bus } from '../bus/bus.js';
import { Rejected } from '../core/result.js';
import type { Db } from '../db/client.js';
import { accounts, currencies } from '../db/schema.js';
import { wireTicks } from '../domains/market/index.js';
import {
  type MarketInfo,
  type MarketView,
  spotChanges,
  type SpotHandler,
} from '../domains/spot/index.js';
import { MARKETS } from '../seed/markets.js';
import { BAND_BPS } from './backfill.js';
import { ensureMakerBots, fundingAmount } from './bots.js';
import { DEMO_SEED, Rng } from './random.js';
import { lotsWorth } from './sizing.js';

export interface MarketMakerOptions {
  seed: number;
  /** How often every market's ladder is brought back to its targets. */
  quoteEveryMs: number;
  /** Bounds of the random pause between two taker trades of one market. */
  tradeEveryMs: readonly [number, number];
  /** Orders on each side of a book. */
  levels: number;
  /**
   * Pairs traded more often and in larger sizes: those open for micro trade, whose index needs a
   * minimum of trades and volume by others than the bettor in every 10 s window.
   */
  busy: {
    symbols: readonly string[];
    tradeEveryMs: readonly [number, number];
    takeUsd: readonly [bigint, bigint];
  };
}

/**
 * Lively enough for charts and tickers, slow enough that a demo left running for weeks does not
 * fill its store: about one trade per market every 8 s (roughly 100,000 trades a day in all).
 */
export const DEFAULT_MAKER_OPTIONS: MarketMakerOptions = {
  seed: DEMO_SEED,
  quoteEveryMs: 5_000,
  tradeEveryMs: [4_000, 12_000],
  // 20 levels 0.1 % apart: each side holds its quotes over the 2 % band of the lever mark, so the
  // mark has depth and pushing it one band costs enough for the house's exposure bound.
  levels: 20,
  // About 6 trades of up to 16,000 USD per 10 s: the micro index's minimums of the demo pairs
  // (3 trades, 0.3 BTC / 6 ETH by others than the bettor) are met in nearly every window (100 demo
  // micro orders: none void, bench:micro-demo). Some 100,000 trades a day more in all.
  busy: {
    symbols: ['BTC/USDT', 'ETH/USDT'],
    tradeEveryMs: [1_000, 2_500],
    takeUsd: [6_000n, 16_000n],
  },
};

const BPS = 10_000n;
/** The reference price moves in millionths of a tick so small steps on cheap coins add up. */
const SUB = 1_000_000n;
/** Distance between ladder levels: a fixed grid, so a small move of the price re-quotes little. */
const GRID_BPS = 10n;
/** Largest move of the reference price per quote round. */
const WALK_BPS = 5;
/** Each bot keeps 1/20 of its funding of every currency: below that it places nothing. */
const RESERVE_DIVISOR = 20n;
/** Market buys lock up to the engine's band above the best ask (5 % by default). */
const MARKET_BUY_MARGIN_BPS = 500n;

interface LadderOrder {
  id: number;
  side: Side;
  /** Grid index: price = index × grid. */
  index: bigint;
  lots: number;
}

interface Quoter {
  market: MarketInfo;
  /** Reference-price walk and order flow draw from separate generators. */
  walk: Rng;
  flow: Rng;
  mid: bigint;
  low: bigint;
  high: bigint;
  grid: bigint;
  minLots: bigint;
  ladderLots: readonly [bigint, bigint];
  takeLots: readonly [bigint, bigint];
  tradeEveryMs: readonly [number, number];
  orders: Map<number, LadderOrder>;
  placing: Set<string>;
  tradeTimer: NodeJS.Timeout | null;
}

function clamp(v: bigint, low: bigint, high: bigint) {
  return v < low ? low : v > high ? high : v;
}

/**
 * The demo market maker (DEMO=1, MARKET_MAKER=1): two bot users keep every book two-sided with a
 * ladder of limit orders around a reference price that follows a seeded random walk within ±20 %
 * of the market's seed price, and every few seconds one bot takes the other's best order. Orders
 * go through the spot handler like anyone's; the engine matches them (ARCHITECTURE §1). It sees
 * the markets as the read model does: books and its own orders as last committed.
 * Ladder levels alternate between the bots by grid index, and the taker is always the bot that
 * does not own the level it takes, so the engine's self-trade prevention never fires on purpose.
 */
export class MarketMaker {
  private readonly quoters: Quoter[] = [];
  private readonly balances = new Map<string, bigint>();
  private readonly reserves = new Map<number, bigint>();
  private readonly inflight = new Set<Promise<void>>();
  /** The bots' resting orders as last committed: id → lots still open. */
  private readonly resting = new Map<number, number>();
  private quoteTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly spot: SpotHandler,
    private readonly view: MarketView,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    readonly bots: readonly [number, number],
    private readonly options: MarketMakerOptions,
  ) {}

  /** Balances, reserves and one quoter per market; the bots' orders of a previous run go. */
  async prepare(db: Db, lastPrice: (marketId: number) => bigint | null) {
    const currencyRows = await db.select().from(currencies);
    const usd = new Map(currencyRows.map((c) => [c.id, c.usdPrice]));
    for (const c of currencyRows) {
      this.reserves.set(c.id, fundingAmount(c.usdPrice) / RESERVE_DIVISOR);
    }
    const rows = await db
      .select()
      .from(accounts)
      .where(and(inArray(accounts.userId, [...this.bots]), eq(accounts.type, ACCOUNT_TYPE.trade)));
    for (const a of rows) {
      if (a.userId !== null) this.balances.set(this.key(a.userId, a.currencyId), units(a.balance));
    }
    onCommitted(this.bus, (c) => {
      for (const b of c.userBalances(ACCOUNT_TYPE.trade)) {
        if (b.userId !== null && this.bots.includes(b.userId)) {
          this.balances.set(this.key(b.userId, b.currencyId), b.available);
        }
      }
      for (const o of spotChanges(c).orders) {
        if (!this.bots.includes(o.userId)) continue;
        if (o.status === ORDER_STATUS.open) this.resting.set(o.id, o.qtyLots - o.filledLots);
        else this.resting.delete(o.id);
      }
    });

    for (const o of this.spot.openOrdersOf(this.bots)) {
      this.submit(() => this.spot.cancel(o.userId, o.id, o.side));
    }
    for (const market of this.view.list()) {
      const tick = scaled(1, market.priceDecimals);
      const seeded = MARKETS.find((s) => `${s.base}/${s.quote}` === market.symbol);
      const last = lastPrice(market.id);
      const referenceUnits = seeded ? units(seeded.reference) : last;
      if (referenceUnits === null) continue;
      const reference = (referenceUnits / tick) * SUB;
      const low = (reference * (BPS - BAND_BPS)) / BPS;
      const high = (reference * (BPS + BAND_BPS)) / BPS;
      const gridTicks = ((referenceUnits / tick) * GRID_BPS) / BPS;
      const minLots = market.minQty / scaled(1, market.qtyDecimals);
      const baseUsd = usd.get(market.baseCurrencyId) ?? '0';
      const lots = (worth: bigint) => lotsWorth(worth, baseUsd, market.qtyDecimals, minLots);
      const seed = this.options.seed + market.id;
      const busy = this.options.busy.symbols.includes(market.symbol);
      this.quoters.push({
        market,
        walk: new Rng(seed),
        flow: new Rng(seed * 31 + 7),
        mid: clamp(last === null ? reference : (last / tick) * SUB, low, high),
        low,
        high,
        grid: gridTicks > 0n ? gridTicks : 1n,
        minLots,
        ladderLots: [lots(2_000n), lots(20_000n)],
        takeLots: busy
          ? [lots(this.options.busy.takeUsd[0]), lots(this.options.busy.takeUsd[1])]
          : [lots(100n), lots(3_000n)],
        // A busy pair trades at least as often as the others.
        tradeEveryMs: busy
          ? [
              Math.min(this.options.busy.tradeEveryMs[0], this.options.tradeEveryMs[0]),
              Math.min(this.options.busy.tradeEveryMs[1], this.options.tradeEveryMs[1]),
            ]
          : this.options.tradeEveryMs,
        orders: new Map(),
        placing: new Set(),
        tradeTimer: null,
      });
    }
  }

  run() {
    for (const q of this.quoters) {
      this.quote(q);
      this.scheduleTrade(q);
    }
    this.quoteTimer = setInterval(() => {
      for (const q of this.quoters) this.quote(q);
    }, this.options.quoteEveryMs);
  }

  /** No new orders; waits for those in flight. Resting orders stay in the books. */
  async stop() {
    this.stopped = true;
    if (this.quoteTimer) clearInterval(this.quoteTimer);
    for (const q of this.quoters) if (q.tradeTimer) clearTimeout(q.tradeTimer);
    await Promise.allSettled([...this.inflight]);
  }

  private key(userId: number, currencyId: number) {
    return `${userId}:${currencyId}`;
  }

  /** Spends from the bot's known balance if what stays is above the reserve. */
  private reserveFunds(userId: number, currencyId: number, amount: bigint): boolean {
    const key = this.key(userId, currencyId);
    const available = this.balances.get(key) ?? 0n;
    if (available - amount < (this.reserves.get(currencyId) ?? 0n)) return false;
    // Until the commit reports the real balance, count the lock here.
    this.balances.set(key, available - amount);
    return true;
  }

  private owner(index: bigint): number {
    return this.bots[Number(index % 2n)] ?? this.bots[0];
  }

  /** Moves the reference price, then cancels ladder orders off target and fills the gaps. */
  private quote(q: Quoter) {
    if (this.stopped || q.market.status !== 'open') return;
    const step = BigInt(q.walk.int(-WALK_BPS, WALK_BPS));
    q.mid = clamp((q.mid * (BPS + step)) / BPS, q.low, q.high);
    const gridSub = q.grid * SUB;
    // Highest grid index strictly below the reference, lowest strictly above.
    const bidTop = (q.mid + gridSub - 1n) / gridSub - 1n;
    const askBottom = q.mid / gridSub + 1n;
    const targets = new Map<string, { side: Side; index: bigint }>();
    for (let i = 0n; i < BigInt(this.options.levels); i++) {
      if (bidTop - i >= 1n) targets.set(`1:${bidTop - i}`, { side: 1, index: bidTop - i });
      targets.set(`2:${askBottom + i}`, { side: 2, index: askBottom + i });
    }
    // Cancels first: a new bid never meets an old ask of the other bot.
    for (const o of [...q.orders.values()]) {
      const remaining = this.resting.get(o.id);
      const key = `${o.side}:${o.index}`;
      if (remaining === undefined) {
        q.orders.delete(o.id);
      } else if (!targets.has(key) || remaining * 4 < o.lots) {
        q.orders.delete(o.id);
        this.submit(() => this.spot.cancel(this.owner(o.index), o.id, o.side));
      } else {
        targets.delete(key);
      }
    }
    // An order still on its way may sit at this index on the other side: wait for it to settle.
    for (const [key, t] of targets) {
      if (!q.placing.has(`1:${t.index}`) && !q.placing.has(`2:${t.index}`)) {
        this.place(q, key, t.side, t.index);
      }
    }
  }

  private place(q: Quoter, key: string, side: Side, index: bigint) {
    const { market } = q;
    const userId = this.owner(index);
    const lots = q.walk.big(q.ladderLots[0], q.ladderLots[1]);
    const price = index * q.grid;
    const need =
      side === 1
        ? scaled(price * lots, market.priceDecimals + market.qtyDecimals)
        : scaled(lots, market.qtyDecimals);
    const currency = side === 1 ? market.quoteCurrencyId : market.baseCurrencyId;
    if (!this.reserveFunds(userId, currency, need)) return;
    q.placing.add(key);
    this.submit(
      () =>
        this.spot.place({
          userId,
          marketId: market.id,
          side,
          type: 0,
          number: wireTicks(lots, market.qtyDecimals),
          price: wireTicks(price, market.priceDecimals),
        }),
      (result) => {
        if ('order' in result && result.order.status === ORDER_STATUS.open) {
          q.orders.set(result.order.id, { id: result.order.id, side, index, lots: Number(lots) });
        }
      },
      () => q.placing.delete(key),
    );
  }

  /** One bot takes (part of) the best level the other one quotes. */
  private take(q: Quoter) {
    if (this.stopped || q.market.status !== 'open') return;
    const { market } = q;
    const side: Side = q.flow.int(1, 2) === 1 ? 1 : 2;
    const depth = this.view.book(market.id);
    const level = side === 1 ? depth.asks[0] : depth.bids[0];
    if (!level) return;
    const price = BigInt(level.price);
    // On the grid the level is a bot's (by parity); off it, only other users quote there.
    const ownerIndex = price % q.grid === 0n ? Number((price / q.grid) % 2n) : q.flow.int(0, 1);
    const userId = this.bots[ownerIndex === 0 ? 1 : 0];
    const wanted = q.flow.big(q.takeLots[0], q.takeLots[1]);
    const lots = wanted < BigInt(level.qty) ? wanted : BigInt(level.qty);
    const type = q.flow.int(0, 1) === 0 ? 1 : 0;
    if (lots < q.minLots) return;
    const notional = scaled(price * lots, market.priceDecimals + market.qtyDecimals);
    const need =
      side === 2
        ? scaled(lots, market.qtyDecimals)
        : type === 1
          ? (notional * (BPS + MARKET_BUY_MARGIN_BPS)) / BPS
          : notional;
    const currency = side === 1 ? market.quoteCurrencyId : market.baseCurrencyId;
    if (!this.reserveFunds(userId, currency, need)) return;
    // A market order, or a limit at the best price: either way it takes no more than this level.
    this.submit(() =>
      this.spot.place({
        userId,
        marketId: market.id,
        side,
        type,
        number: wireTicks(lots, market.qtyDecimals),
        price: type === 0 ? wireTicks(price, market.priceDecimals) : undefined,
      }),
    );
  }

  private scheduleTrade(q: Quoter) {
    if (this.stopped) return;
    const [min, max] = q.tradeEveryMs;
    q.tradeTimer = setTimeout(
      () => {
        q.tradeTimer = null;
        this.take(q);
        this.scheduleTrade(q);
      },
      q.flow.int(min, max),
    );
  }

  /** Runs one core command; a refusal (halt, low balance) is logged and skipped. */
  private submit<T>(
    run: () => Promise<T> | null,
    done: (value: T) => void = () => undefined,
    always: () => void = () => undefined,
  ) {
    let pending: Promise<T> | null;
    try {
      pending = run();
    } catch (err) {
      this.refused(err);
      always();
      return;
    }
    if (!pending) {
      always();
      return;
    }
    const tracked: Promise<void> = pending
      .then(done, (err: unknown) => this.refused(err))
      .finally(() => {
        always();
        this.inflight.delete(tracked);
      });
    this.inflight.add(tracked);
  }

  private refused(err: unknown) {
    if (err instanceof Rejected) this.log.debug({ err: err.code }, 'market maker order refused');
    else this.log.warn({ err }, 'market maker order failed');
  }
}

/** Creates and funds the bots if needed, then starts quoting; stopped when the app closes. */
export async function startMarketMaker(
  app: FastifyInstance,
  options: Partial<MarketMakerOptions> = {},
): Promise<MarketMaker> {
  if (app.ctx.marketMaker) return app.ctx.marketMaker;
  const bots = await ensureMakerBots(app);
  const maker = new MarketMaker(app.ctx.spot, app.ctx.markets, app.ctx.bus, app.log, bots, {
    ...DEFAULT_MAKER_OPTIONS,
    ...options,
  });
  await maker.prepare(app.ctx.db, (id) => app.ctx.market.lastPrice(id));
  app.ctx.marketMaker = maker;
  maker.run();
  return maker;
}
