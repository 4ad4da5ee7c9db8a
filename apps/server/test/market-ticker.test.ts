import { CALLS, type Quotation } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades } from '../src/db/schema.js';
import { changePercent, DAY_MS, RollingTicker } from '../src/domains/market/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { data, order, traders } from './market-helpers.js';

const HOUR = 3_600_000;

describe('change percent', () => {
  it('is signed only when negative and has exactly 2 decimals', () => {
    expect(changePercent(101n, 100n)).toBe('1.00');
    expect(changePercent(99n, 100n)).toBe('-1.00');
    expect(changePercent(100n, 100n)).toBe('0.00');
    expect(changePercent(300n, 100n)).toBe('200.00');
    expect(changePercent(6_499_999n, 6_500_000n)).toBe('0.00');
  });

  it('rounds half away from zero, never shows -0.00', () => {
    // ±0.005 % → ±0.01; ±0.0045 % → 0.00.
    expect(changePercent(200_010n, 200_000n)).toBe('0.01');
    expect(changePercent(199_990n, 200_000n)).toBe('-0.01');
    expect(changePercent(200_009n, 200_000n)).toBe('0.00');
    expect(changePercent(199_991n, 200_000n)).toBe('0.00');
    // 2/3 = 66.666… % → 66.67; -1/3 → -33.33.
    expect(changePercent(5n, 3n)).toBe('66.67');
    expect(changePercent(2n, 3n)).toBe('-33.33');
  });
});

describe('the rolling 24 h window', () => {
  const now = 1_700_000_000_000;

  it('has no state before any trade', () => {
    expect(new RollingTicker().state(now)).toBeNull();
  });

  it('compares with the last trade at or before now − 24 h', () => {
    const t = new RollingTicker();
    t.add(now - 30 * HOUR, 100, 1);
    t.add(now - DAY_MS, 200, 2); // exactly 24 h ago: outside, and the reference
    t.add(now - 23 * HOUR, 250, 3);
    t.add(now - HOUR, 150, 4);
    expect(t.state(now)).toEqual({ close: 150, reference: 200, high: 250, low: 150, volume: 7n });
  });

  it('uses the first trade of the window when nothing is older', () => {
    const t = new RollingTicker();
    t.add(now - 5 * HOUR, 120, 1);
    t.add(now - HOUR, 90, 1);
    expect(t.state(now)).toMatchObject({ close: 90, reference: 120, high: 120, low: 90 });
  });

  it('drops trades as time passes and recomputes high, low and volume', () => {
    const t = new RollingTicker();
    t.add(now - 23 * HOUR, 300, 5); // the high
    t.add(now - 22 * HOUR, 50, 5); // the low
    t.add(now - HOUR, 100, 1);
    expect(t.state(now)).toMatchObject({ high: 300, low: 50, volume: 11n, reference: 300 });
    // 90 minutes later the 300 trade is out and becomes the reference.
    expect(t.state(now + 1.5 * HOUR)).toEqual({
      close: 100,
      reference: 300,
      high: 100,
      low: 50,
      volume: 6n,
    });
    // A day later nothing is in the window: the last price stands, no volume.
    expect(t.state(now + 30 * HOUR)).toEqual({
      close: 100,
      reference: 100,
      high: 100,
      low: 100,
      volume: 0n,
    });
  });
});

describe('history bars in the window', () => {
  const now = 1_700_000_000_000;

  it('count with their high, low, close and volume, before the trades after them', () => {
    const t = new RollingTicker();
    t.addBar(now - 25 * HOUR, 130, 90, 100, 50); // before the window: the reference
    t.addBar(now - 23 * HOUR, 120, 95, 110, 5);
    t.addBar(now - 2 * HOUR, 140, 105, 130, 6);
    t.add(now - HOUR, 125, 1);
    expect(t.state(now)).toEqual({ close: 125, reference: 100, high: 140, low: 95, volume: 12n });
    // The first bar's close becomes the reference once it leaves; its high and low go with it.
    expect(t.state(now + 1.5 * HOUR)).toEqual({
      close: 125,
      reference: 110,
      high: 140,
      low: 105,
      volume: 7n,
    });
  });
});

describe('tickers from real trades', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const quotation = (app: FastifyInstance, id: number) =>
    data<{ quotation: Quotation }>(app, CALLS.deal, { currency_match_id: id }).then(
      (d) => d.quotation,
    );

  it('shows "0" everywhere before the first trade', async () => {
    expect(await quotation(t.app, 2)).toMatchObject({
      close: '0',
      change: '0',
      high: '0',
      low: '0',
      volume: '0',
    });
  });

  it('follows trades as they commit: close, change, high, low, volume', async () => {
    const { alice, bob } = await traders(t);
    await order(t.app, alice, 'sell', '0.5', '3000', 2);
    await order(t.app, alice, 'sell', '0.5', '3100', 2);
    await order(t.app, bob, 'buy', '0.1', undefined, 2); // 3000
    await order(t.app, bob, 'buy', '0.45', undefined, 2); // 0.4 at 3000, 0.05 at 3100
    const q = await quotation(t.app, 2);
    // Reference is the first trade of the window (3000): +3.333… %.
    expect(q).toEqual({
      currency_match_id: 2,
      close: '3100',
      change: '3.33',
      high: '3100',
      low: '3000',
      volume: '0.55',
      symbol: 'ETH/USDT',
      currency_match: expect.any(Object) as unknown,
    });
    // market/currency_matches carries the same quotation.
    const groups = await data<{ matches: { id: number; currency_quotation: Quotation }[] }[]>(
      t.app,
      CALLS.currencyMatches,
    );
    const eth = groups.flatMap((g) => g.matches).find((m) => m.id === 2);
    expect(eth?.currency_quotation).toMatchObject({ close: '3100', change: '3.33' });
  });

  it('is rebuilt on start from the trades of the last 24 h and the one before them', async () => {
    const now = Date.now();
    const row = (id: number, agoMs: number, price: string, qty: string) => ({
      id,
      marketId: 4,
      price,
      qty,
      quoteQty: '0',
      takerSide: 1,
      makerOrderId: 1,
      takerOrderId: 2,
      makerUserId: 1,
      takerUserId: 2,
      buyerFee: '0',
      sellerFee: '0',
      createdAt: new Date(now - agoMs),
    });
    // Ids far above the core's so that its next trades never collide.
    await t.store.db
      .insert(trades)
      .values([
        row(900_001, 30 * HOUR, '90', '100'),
        row(900_002, 25 * HOUR, '200', '7'),
        row(900_003, 20 * HOUR, '150', '1.5'),
        row(900_004, 2 * HOUR, '250', '2'),
        row(900_005, HOUR, '180', '0.25'),
      ]);
    const app = await t.restart();
    // (180 − 200) / 200 = −10 %; the 90 and 200 trades are outside the window.
    expect(await quotation(app, 4)).toMatchObject({
      close: '180',
      change: '-10.00',
      high: '250',
      low: '150',
      volume: '3.75',
    });
    // And the trades committed before the restart are still there, from the store.
    expect(await quotation(app, 2)).toMatchObject({ close: '3100', volume: '0.55' });
    const deal = await data<{ tx_completes: { id: number }[] }>(app, CALLS.deal, {
      currency_match_id: 4,
    });
    expect(deal.tx_completes.map((x) => x.id)).toEqual([
      900_005, 900_004, 900_003, 900_002, 900_001,
    ]);
  });
});
