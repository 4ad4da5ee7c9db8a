import { CALLS, type KlineBar, type Quotation } from '@exchange/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../src/core/amounts.js';
import { accounts, candles, journal, trades, users } from '../src/db/schema.js';
import { backfillDemoCandles, demoMinutes } from '../src/demo/backfill.js';
import { FUNDING_REASON, MAKER_EMAILS } from '../src/demo/bots.js';
import { startMarketMaker } from '../src/demo/market-maker.js';
import { Rng } from '../src/demo/random.js';
import { PERIODS } from '../src/domains/market/periods.js';
import { createTestApp, type TestApp } from './helpers.js';
import { data, order, traders, waitFor } from './market-helpers.js';

const MINUTE = 60_000;

describe('demo candles', () => {
  let t: TestApp;
  const now = Date.now();
  beforeAll(async () => {
    t = await createTestApp();
    expect(await backfillDemoCandles(t.store.db, { now, days: 2 })).toBe(9);
    // The market data of a start after the backfill, as `npm start` does it.
    await t.restart();
  });
  afterAll(() => t.close());

  it('are the same for the same seed and end at the reference price', () => {
    const make = () =>
      demoMinutes({
        reference: 6_500_000n,
        count: 500,
        endMs: 1_700_000_040_000,
        rng: new Rng(42),
        priceDecimals: 2,
        qtyDecimals: 6,
        lots: [1n, 1_000n],
      });
    const a = make();
    expect(make()).toEqual(a);
    expect(a.at(-1)?.close).toBe(65_000n * 10n ** 18n);
    expect(a.at(-1)?.openTime).toBe(1_700_000_040_000 - MINUTE);
    for (const c of a) {
      expect(c.low <= c.open && c.low <= c.close && c.high >= c.open && c.high >= c.close).toBe(
        true,
      );
      // Within ±20 % of the reference.
      expect(c.low >= 52_000n * 10n ** 18n && c.high <= 78_000n * 10n ** 18n).toBe(true);
    }
  });

  it('are stored for every period, all marked is_demo, once', async () => {
    const rows = await t.store.db
      .select({
        period: candles.period,
        n: sql<number>`count(*)::int`,
        demo: sql<boolean>`bool_and(${candles.isDemo})`,
      })
      .from(candles)
      .where(eq(candles.marketId, 1))
      .groupBy(candles.period);
    expect(new Set(rows.map((r) => r.period))).toEqual(new Set(PERIODS));
    expect(rows.every((r) => r.demo)).toBe(true);
    expect(rows.find((r) => r.period === '1min')?.n).toBe(2 * 1_440);
    expect(await backfillDemoCandles(t.store.db, { now })).toBe(0);
  });

  it('are served by market/kline: newest 1,500 at most, ascending, within from/to', async () => {
    const bars = await data<KlineBar[]>(t.app, CALLS.kline, { currency_match_id: 1 });
    expect(bars).toHaveLength(1_500);
    const times = bars.map((b) => b.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const end = Math.floor(now / MINUTE) * MINUTE;
    expect(times.at(-1)).toBe(end - MINUTE);
    expect(bars.at(-1)?.close).toBe('65000');
    const from = end - 30 * MINUTE;
    const to = end - 21 * MINUTE;
    const range = await data<KlineBar[]>(t.app, CALLS.kline, { currency_match_id: 1, from, to });
    expect(range.map((b) => b.time)).toEqual(
      Array.from({ length: 10 }, (_, i) => from + i * MINUTE),
    );
    const hours = await data<KlineBar[]>(t.app, CALLS.kline, {
      symbol: 'BTC/USDT',
      period: '60min',
    });
    expect(hours.length).toBeGreaterThanOrEqual(48);
    expect(hours.length).toBeLessThanOrEqual(49);
  });

  it('never feed a ticker: before a real trade only the close shows the demo price', async () => {
    const quote = async () =>
      (await data<{ quotation: Quotation }>(t.app, CALLS.deal, { currency_match_id: 1 })).quotation;
    expect(await quote()).toMatchObject({
      close: '65000',
      change: '0',
      high: '0',
      low: '0',
      volume: '0',
    });
    const who = await traders(t);
    await order(t.app, who.alice, 'sell', '0.3', '64000');
    await order(t.app, who.bob, 'buy', '0.3');
    // Volume, high and low come from the one real trade, none of the demo volume.
    expect(await quote()).toMatchObject({
      close: '64000',
      change: '0.00',
      high: '64000',
      low: '64000',
      volume: '0.3',
    });
    // The chart goes on from the demo bars; a bar holding demo data stays marked.
    const month = await data<KlineBar[]>(t.app, CALLS.kline, {
      currency_match_id: 1,
      period: '1mon',
    });
    expect(month.at(-1)?.close).toBe('64000');
    await t.app.ctx.market.flush();
    const [row] = await t.store.db
      .select()
      .from(candles)
      .where(and(eq(candles.marketId, 1), eq(candles.period, '1min')))
      .orderBy(sql`${candles.openTime} desc`)
      .limit(1);
    expect(row).toMatchObject({ close: '64000.000000000000000000', isDemo: false });
  });
});

describe('demo market maker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps every book two-sided and trades only between its two bots', async () => {
    const maker = await startMarketMaker(t.app, { quoteEveryMs: 100, tradeEveryMs: [50, 150] });
    const bots = [...maker.bots];
    const markets = t.app.ctx.markets.list().map((m) => {
      const market = t.app.ctx.spot.market(m.id);
      if (!market) throw new Error(`market ${m.id} is not in the spot handler`);
      return market;
    });
    // Every book has both sides from the first round on.
    await waitFor(
      () => markets.every((m) => m.book.bestBid() !== null && m.book.bestAsk() !== null),
      2_000,
      'two-sided books',
    );
    const traded = await waitFor(
      async () => {
        const rows = await t.store.db
          .select({ marketId: trades.marketId, n: sql<number>`count(*)::int` })
          .from(trades)
          .groupBy(trades.marketId);
        return rows.length === markets.length && rows.every((r) => r.n >= 2) && rows;
      },
      10_000,
      'two trades on every market',
    );
    expect(traded).toHaveLength(9);
    for (const m of markets) {
      const bid = m.book.bestBid();
      const ask = m.book.bestAsk();
      expect(bid !== null && ask !== null && bid < ask, m.symbol).toBe(true);
    }
    await maker.stop();
    await t.app.ctx.core.close();

    const all = await t.store.db.select().from(trades);
    expect(all.length).toBeGreaterThanOrEqual(18);
    for (const x of all) {
      expect(bots).toContain(x.makerUserId);
      expect(bots).toContain(x.takerUserId);
      expect(x.makerUserId).not.toBe(x.takerUserId);
    }
    const botRows = await t.store.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.id, bots))
      .orderBy(asc(users.id));
    expect(botRows).toEqual(MAKER_EMAILS.map((email) => ({ email, role: 'user' })));
    // Funded once, through recorded adjustments; nothing ever negative.
    const funding = await t.store.db
      .select()
      .from(journal)
      .where(and(eq(journal.kind, 'adjust'), eq(journal.reason, FUNDING_REASON)));
    expect(funding).toHaveLength(2 * 10);
    const balances = await t.store.db.select().from(accounts).where(inArray(accounts.userId, bots));
    for (const a of balances) {
      expect(units(a.balance) >= 0n && units(a.lockBalance) >= 0n).toBe(true);
    }
  });
});
