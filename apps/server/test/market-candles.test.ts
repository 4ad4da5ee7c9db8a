import { CALLS, type KlineBar, type KlinePeriod, type PublicTrade } from '@exchange/contract';
import { fromUnits, toUnits } from '@exchange/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candles, trades } from '../src/db/schema.js';
import { bucketStart, CandleBook, PERIODS } from '../src/domains/market/index.js';
import { createTestApp, expectError, type TestApp } from './helpers.js';
import { data, inject, order, traders } from './market-helpers.js';

const at = (iso: string) => Date.parse(iso);

describe('bucket of every period (UTC)', () => {
  it('minutes and hours count from the epoch', () => {
    const t = at('2024-05-15T23:59:59.999Z');
    const expected: Record<string, string> = {
      '1min': '2024-05-15T23:59:00Z',
      '3min': '2024-05-15T23:57:00Z',
      '5min': '2024-05-15T23:55:00Z',
      '15min': '2024-05-15T23:45:00Z',
      '30min': '2024-05-15T23:30:00Z',
      '60min': '2024-05-15T23:00:00Z',
      '120min': '2024-05-15T22:00:00Z',
      '240min': '2024-05-15T20:00:00Z',
      '360min': '2024-05-15T18:00:00Z',
      '720min': '2024-05-15T12:00:00Z',
      '1day': '2024-05-15T00:00:00Z',
      // Day 19858 since the epoch; 3-day bars start on multiples of 3 (day 19857).
      '3day': '2024-05-14T00:00:00Z',
      '1week': '2024-05-13T00:00:00Z',
      '1mon': '2024-05-01T00:00:00Z',
    };
    for (const period of PERIODS) {
      expect(new Date(bucketStart(period, t)).toISOString(), period).toBe(
        new Date(at(expected[period] ?? '')).toISOString(),
      );
    }
  });

  it('weeks start on Monday 00:00 UTC', () => {
    expect(bucketStart('1week', at('2024-05-19T23:59:59.999Z'))).toBe(at('2024-05-13T00:00Z'));
    expect(bucketStart('1week', at('2024-05-20T00:00:00Z'))).toBe(at('2024-05-20T00:00Z'));
    expect(bucketStart('1week', at('2024-05-13T00:00:00Z'))).toBe(at('2024-05-13T00:00Z'));
    expect(new Date(bucketStart('1week', at('2025-01-01T12:00Z'))).getUTCDay()).toBe(1);
  });

  it('months are calendar months, leap years included', () => {
    expect(bucketStart('1mon', at('2024-02-29T23:59:59.999Z'))).toBe(at('2024-02-01T00:00Z'));
    expect(bucketStart('1mon', at('2024-03-01T00:00:00Z'))).toBe(at('2024-03-01T00:00Z'));
    expect(bucketStart('1mon', at('2024-12-31T23:59:59.999Z'))).toBe(at('2024-12-01T00:00Z'));
    expect(bucketStart('1mon', at('2025-01-01T00:00:00Z'))).toBe(at('2025-01-01T00:00Z'));
  });
});

describe('bars from trades', () => {
  it('open is the first trade, close the last, high/low the extremes, volume the sum', () => {
    const book = new CandleBook();
    const u = (n: number) => BigInt(n) * 10n ** 18n;
    book.apply(1, 1, at('2024-05-15T10:00:05Z'), u(100), u(1));
    book.apply(1, 2, at('2024-05-15T10:00:30Z'), u(120), u(2));
    book.apply(1, 3, at('2024-05-15T10:00:59Z'), u(90), u(3));
    book.apply(1, 4, at('2024-05-15T10:01:00Z'), u(95), u(4)); // the next minute
    const [bars] = [book.take().entries];
    const get = (period: KlinePeriod, start: string) =>
      bars.find((e) => e.period === period && e.candle.openTime === at(start))?.candle;
    expect(get('1min', '2024-05-15T10:00:00Z')).toMatchObject({
      open: u(100),
      high: u(120),
      low: u(90),
      close: u(90),
      volume: u(6),
    });
    expect(get('1min', '2024-05-15T10:01:00Z')).toMatchObject({ open: u(95), volume: u(4) });
    for (const [period, start] of [
      ['5min', '2024-05-15T10:00:00Z'],
      ['1day', '2024-05-15T00:00:00Z'],
      ['1week', '2024-05-13T00:00:00Z'],
      ['1mon', '2024-05-01T00:00:00Z'],
    ] as const) {
      expect(get(period, start), period).toMatchObject({
        open: u(100),
        high: u(120),
        low: u(90),
        close: u(95),
        volume: u(10),
      });
    }
  });
});

describe('market/kline', () => {
  let t: TestApp;
  let traded: PublicTrade[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const { alice, bob } = await traders(t);
    await order(t.app, alice, 'sell', '0.2', '65000');
    await order(t.app, alice, 'sell', '0.2', '65500');
    await order(t.app, alice, 'sell', '0.2', '64800');
    await order(t.app, bob, 'buy', '0.1', '64800'); // 64800
    await order(t.app, bob, 'buy', '0.25', '65500'); // 0.1 at 64800, 0.15 at 65000
    await order(t.app, bob, 'buy', '0.3'); // market: 0.05 at 65000, 0.2 at 65500, rest cancelled
    await order(t.app, alice, 'sell', '0.1', '64000');
    await order(t.app, bob, 'buy', '0.04', '64000'); // 64000
    const deal = await data<{ tx_completes: PublicTrade[] }>(t.app, CALLS.deal, {
      currency_match_id: 1,
    });
    traded = deal.tx_completes.reverse();
  });
  afterAll(() => t.close());

  /** Bars built independently from the trades' own timestamps (exact decimals, 6 places). */
  function expectedBars(period: KlinePeriod, list: PublicTrade[]) {
    const bars = new Map<number, { bar: KlineBar; volume: bigint }>();
    const dec = (v: string) => toUnits(v, 6);
    for (const x of list) {
      const time = bucketStart(period, x.timestamp);
      const entry = bars.get(time);
      if (!entry) {
        const bar = {
          time,
          open: x.price,
          high: x.price,
          low: x.price,
          close: x.price,
          volume: '',
        };
        bars.set(time, { bar, volume: dec(x.amount) });
        continue;
      }
      const { bar } = entry;
      if (dec(x.price) > dec(bar.high)) bar.high = x.price;
      if (dec(x.price) < dec(bar.low)) bar.low = x.price;
      bar.close = x.price;
      entry.volume += dec(x.amount);
    }
    return [...bars.values()].map(({ bar, volume }) => ({
      ...bar,
      volume: fromUnits(volume, 6).replace(/\.?0+$/, ''),
    }));
  }

  it('gives every period its OHLC and volume, ascending by time', async () => {
    expect(traded.map((x) => x.price)).toEqual([
      '64800',
      '64800',
      '65000',
      '65000',
      '65500',
      '64000',
    ]);
    for (const period of PERIODS) {
      const bars = await data<KlineBar[]>(t.app, CALLS.kline, { currency_match_id: 1, period });
      expect(bars, period).toEqual(expectedBars(period, traded));
    }
    const month = await data<KlineBar[]>(t.app, CALLS.kline, {
      symbol: 'BTC/USDT',
      period: '1mon',
    });
    expect(month).toEqual([
      expect.objectContaining({
        open: '64800',
        high: '65500',
        low: '64000',
        close: '64000',
        volume: '0.64',
      }),
    ]);
  });

  it('writes the bars to the candles table after the commits', async () => {
    await t.app.ctx.market.flush();
    const rows = await t.store.db
      .select()
      .from(candles)
      .where(and(eq(candles.marketId, 1), eq(candles.period, '1mon')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isDemo: false });
    expect(Number(rows[0]?.volume)).toBeGreaterThan(0);
    expect(rows[0]?.volume).toBe('0.640000000000000000');
  });

  it('filters by from/to (inclusive, epoch ms) and defaults to 1min', async () => {
    const bars = await data<KlineBar[]>(t.app, CALLS.kline, { currency_match_id: 1 });
    expect(bars).toEqual(expectedBars('1min', traded));
    const first = bars[0]?.time ?? 0;
    const exact = await data<KlineBar[]>(t.app, CALLS.kline, {
      currency_match_id: 1,
      from: first,
      to: first,
    });
    expect(exact.map((b) => b.time)).toEqual([first]);
    expect(
      await data(t.app, CALLS.kline, { currency_match_id: 1, from: first + 1, to: first + 59_999 }),
    ).toEqual([]);
    expect(await data(t.app, CALLS.kline, { currency_match_id: 1, to: first - 1 })).toEqual([]);
  });

  it('takes from/to in seconds too, as chart datafeeds send them (below 10^11)', async () => {
    const bars = await data<KlineBar[]>(t.app, CALLS.kline, { currency_match_id: 1 });
    const first = bars[0]?.time ?? 0;
    const last = bars[bars.length - 1]?.time ?? 0;
    expect(bars.length).toBeGreaterThan(0);
    const query = (from: number, to: number) =>
      data<KlineBar[]>(t.app, CALLS.kline, { currency_match_id: 1, from, to });
    const inMs = await query(first, last);
    const inSeconds = await query(first / 1000, last / 1000);
    expect(inMs).toEqual(bars);
    expect(inSeconds).toEqual(inMs);
    expect(await query(first / 1000, first / 1000)).toEqual(bars.slice(0, 1));
    expect(await query(first / 1000 + 1, first / 1000 + 59)).toEqual([]);
    // Mixed: seconds for one end and milliseconds for the other.
    expect(await query(first / 1000, last)).toEqual(inMs);
  });

  it('answers 404 market.not_found for an unknown market, 422 for a bad period', async () => {
    expectError(await t.call(CALLS.kline, { currency_match_id: 999 }), 404, 'market.not_found');
    expectError(await t.call(CALLS.kline, { symbol: 'NOPE/USDT' }), 404, 'market.not_found');
    expectError(await t.call(CALLS.kline, {}), 404, 'market.not_found');
    // Id and symbol of two different markets.
    expectError(
      await t.call(CALLS.kline, { currency_match_id: 1, symbol: 'ETH/USDT' }),
      404,
      'market.not_found',
    );
    expectError(
      await t.call(CALLS.kline, { currency_match_id: 1, period: '2min' }),
      422,
      'common.invalid_param',
    );
    const lower = await inject(t.app, CALLS.kline, { symbol: 'btc/usdt', period: '1mon' });
    expect((lower.body.data as KlineBar[]).length).toBe(1);
  });

  it('rebuilds from the candles and replays the trades stored after the last candle write', async () => {
    // As if the process died after a trade committed but before its candle was written.
    const last = traded[traded.length - 1];
    await t.store.db.insert(trades).values({
      id: 800_000,
      marketId: 1,
      price: '66000',
      qty: '0.01',
      quoteQty: '660',
      takerSide: 1,
      makerOrderId: 1,
      takerOrderId: 2,
      makerUserId: 1,
      takerUserId: 2,
      buyerFee: '0',
      sellerFee: '0',
      createdAt: new Date(last?.timestamp ?? Date.now()),
    });
    const second = await t.restart();
    const month = await data<KlineBar[]>(second, CALLS.kline, {
      currency_match_id: 1,
      period: '1mon',
    });
    expect(month).toEqual([
      expect.objectContaining({ open: '64800', high: '66000', close: '66000', volume: '0.65' }),
    ]);
    // Written back with the watermark: a third start does not count it twice.
    await second.ctx.market.flush();
    const [row] = await t.store.db
      .select()
      .from(candles)
      .where(and(eq(candles.marketId, 1), eq(candles.period, '1mon')));
    expect(row?.volume).toBe('0.650000000000000000');
    const third = await t.restart();
    const again = await data<KlineBar[]>(third, CALLS.kline, {
      currency_match_id: 1,
      period: '1mon',
    });
    expect(again[0]?.volume).toBe('0.65');
  });
});
