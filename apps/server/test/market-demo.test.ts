import {
  ACCOUNT_TYPE,
  ACCOUNT_TYPE_IDS,
  type AccountGroup,
  CALLS,
  type KlineBar,
  type Quotation,
} from '@exchange/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units, wireAmount } from '../src/core/amounts.js';
import { accounts, candles, journal, trades, users } from '../src/db/schema.js';
import { backfillDemoCandles, demoMinutes } from '../src/demo/backfill.js';
import { FUNDING_REASON, MAKER_EMAILS } from '../src/demo/bots.js';
import { startMarketMaker } from '../src/demo/market-maker.js';
import { Rng } from '../src/demo/random.js';
import { openDemoLever } from '../src/domains/lever/index.js';
import { fundDemoTrader, TRADER_FUNDING_REASON } from '../src/demo/trader.js';
import { auditLedger as runAudit } from '../src/products.js';
import { changePercent, DAY_MS, PERIODS } from '../src/domains/market/index.js';
import { DEMO_TRADER } from '../src/seed/seed.js';
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

  /** The 24 h figures at `at` of the 1-minute demo bars of `marketId`. */
  const fromBars = async (marketId: number, at: number) => {
    const bars = await t.store.db
      .select()
      .from(candles)
      .where(
        and(eq(candles.marketId, marketId), eq(candles.period, '1min'), eq(candles.isDemo, true)),
      )
      .orderBy(asc(candles.openTime));
    const window = bars.filter((b) => b.openTime > at - DAY_MS);
    const before = bars.filter((b) => b.openTime <= at - DAY_MS).at(-1);
    const close = units(window.at(-1)?.close ?? '0');
    const reference = units(before?.close ?? '0');
    const big = (a: bigint, b: bigint) => (a > b ? a : b);
    const small = (a: bigint, b: bigint) => (a < b ? a : b);
    return {
      count: window.length,
      close,
      reference,
      high: window.map((b) => units(b.high)).reduce(big),
      low: window.map((b) => units(b.low)).reduce(small),
      volume: window.reduce((v, b) => v + units(b.volume), 0n),
    };
  };
  const quote = async (marketId = 1) =>
    (await data<{ quotation: Quotation }>(t.app, CALLS.deal, { currency_match_id: marketId }))
      .quotation;

  it('feed the ticker: the last 24 h of the chart, then the real trades after them', async () => {
    const at = Date.now();
    const bars = await fromBars(1, at);
    expect(bars.count).toBeGreaterThan(1_400);
    expect(t.app.ctx.market.quotation(1, at)).toEqual({
      currency_match_id: 1,
      close: wireAmount(bars.close),
      change: changePercent(bars.close, bars.reference),
      high: wireAmount(bars.high),
      low: wireAmount(bars.low),
      volume: wireAmount(bars.volume),
    });
    // Every demo market, on the wire: high ≥ close ≥ low > 0 and a volume.
    for (const m of t.app.ctx.markets.list()) {
      const q = await quote(m.id);
      const [close, high, low] = [units(q.close), units(q.high), units(q.low)];
      expect(high >= close && close >= low && low > 0n, `${m.symbol} ${JSON.stringify(q)}`).toBe(
        true,
      );
      expect(units(q.volume) > 0n, m.symbol).toBe(true);
      expect(q.change).toMatch(/^-?\d+\.\d{2}$/);
    }
    // The real market maker's price is the demo's last close: nothing real has traded.
    expect(t.app.ctx.market.lastPrice(1)).toBeNull();

    const who = await traders(t);
    await order(t.app, who.alice, 'sell', '0.3', '64000');
    await order(t.app, who.bob, 'buy', '0.3');
    // The real trade joins the demo's day: close, volume, and high or low if it passes them.
    const after = Date.now();
    const day = await fromBars(1, after);
    const price = 64_000n * 10n ** 18n;
    expect(t.app.ctx.market.quotation(1, after)).toMatchObject({
      close: '64000',
      change: changePercent(price, day.reference),
      high: wireAmount(day.high > price ? day.high : price),
      low: wireAmount(day.low < price ? day.low : price),
      volume: wireAmount(day.volume + 3n * 10n ** 17n),
    });
    expect(t.app.ctx.market.lastPrice(1)).toBe(price);
    // A restart rebuilds the same figures from the demo bars and the trade.
    await t.restart();
    const again = Date.now();
    const rebuilt = await fromBars(1, again);
    expect(t.app.ctx.market.quotation(1, again)).toMatchObject({
      close: '64000',
      change: changePercent(price, rebuilt.reference),
      volume: wireAmount(rebuilt.volume + 3n * 10n ** 17n),
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

  it('leave "0" where nothing is in the 24 h window; the close of an older past stays', async () => {
    // Market 8's demo past ends two days ago; market 9 has none.
    const [last] = await t.store.db
      .select()
      .from(candles)
      .where(and(eq(candles.marketId, 8), eq(candles.period, '1min')))
      .orderBy(sql`${candles.openTime} desc`)
      .limit(1);
    await t.store.db
      .update(candles)
      .set({ openTime: sql`${candles.openTime} - ${2 * DAY_MS}` })
      .where(eq(candles.marketId, 8));
    await t.store.db.delete(candles).where(eq(candles.marketId, 9));
    await t.restart();
    expect(await quote(8)).toMatchObject({
      close: wireAmount(units(last?.close ?? '0')),
      change: '0',
      high: '0',
      low: '0',
      volume: '0',
    });
    expect(await quote(9)).toMatchObject({
      close: '0',
      change: '0',
      high: '0',
      low: '0',
      volume: '0',
    });
  });
});

describe('demo trader', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has money in every account type, funded once by recorded adjustments', async () => {
    const id = await fundDemoTrader(t.app);
    expect(id).not.toBeNull();
    const funding = () =>
      t.store.db
        .select()
        .from(journal)
        .where(and(eq(journal.kind, 'adjust'), eq(journal.reason, TRADER_FUNDING_REASON)));
    // USDT, BTC and ETH where each may be held: 3 in trade, lever and micro, USDT in the others.
    expect(await funding()).toHaveLength(11);
    // Once: a later start funds nothing again.
    await t.restart();
    expect(await fundDemoTrader(t.app)).toBe(id);
    expect(await funding()).toHaveLength(11);

    const token = await data<string>(t.app, CALLS.login, {
      login_type: 'email',
      account: DEMO_TRADER.email,
      password: DEMO_TRADER.password,
    });
    const groups = await data<AccountGroup[]>(t.app, CALLS.accountList, {}, token);
    expect(groups.map((g) => g.account_type_id)).toEqual(ACCOUNT_TYPE_IDS);
    for (const g of groups) {
      const funded = g.accounts.filter((a) => units(a.balance) > 0n).map((a) => a.currency_code);
      expect(funded, g.account_code).toContain('USDT');
      expect(units(g.convert_usd) > 0n, g.account_code).toBe(true);
    }
    const trade = groups.find((g) => g.account_type_id === ACCOUNT_TYPE.trade);
    const held = trade?.accounts.filter((a) => units(a.balance) > 0n).map((a) => a.currency_code);
    expect(held).toEqual(expect.arrayContaining(['USDT', 'BTC', 'ETH']));
    await t.app.ctx.core.close();
    expect((await runAudit(t.store.db)).ok).toBe(true);
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

describe('demo leverage desk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens leverage on BTC/USDT and ETH/USDT with a funded house, once', async () => {
    expect(await openDemoLever(t.app)).toBe(true);
    const open = t.app.ctx.lever
      .allTerms()
      .filter((terms) => terms.open)
      .map((terms) => terms.symbol);
    expect(open.sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(t.app.ctx.lever.systemBalance('lever-house', 1)).toBe(units('10000000'));
    expect(t.app.ctx.lever.systemBalance('lever-insurance', 1)).toBe(units('100000'));
    // Once: a later start changes nothing (an operator's later choices stay).
    await t.restart();
    expect(await openDemoLever(t.app)).toBe(false);
    expect(t.app.ctx.lever.systemBalance('lever-house', 1)).toBe(units('10000000'));
    expect(t.app.ctx.lever.termsOf(1)?.open).toBe(true);
  });
});
