import {
  CALLS,
  depthSnapshot,
  publicTrade,
  type DepthSnapshot,
  type PublicTrade,
  type QuoteGroup,
} from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from './helpers.js';
import { data, order, traders, type Traders } from './market-helpers.js';

let t: TestApp;
let who: Traders;
beforeAll(async () => {
  t = await createTestApp();
  who = await traders(t);
});
afterAll(() => t.close());

const deal = (id: number) =>
  data<{
    quotation: Record<string, unknown>;
    depth: DepthSnapshot;
    tx_completes: PublicTrade[];
  }>(t.app, CALLS.deal, { currency_match_id: id });

describe('market/currency_matches', () => {
  it('groups pairs under their quote currency, in the currencies’ order', async () => {
    const groups = await data<QuoteGroup[]>(t.app, CALLS.currencyMatches);
    expect(groups.map((g) => g.code)).toEqual(['USDT', 'BTC']);
    expect(groups[0]?.matches.map((m) => m.symbol)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'BNB/USDT',
      'SOL/USDT',
      'XRP/USDT',
      'DOGE/USDT',
      'LTC/USDT',
      'TRX/USDT',
    ]);
    expect(groups[1]?.matches.map((m) => m.symbol)).toEqual(['ETH/BTC']);
    expect(groups[0]).toMatchObject({ id: 1, is_quote: 1, cny_price: '7.1', usd_price: '1' });
    expect(groups[1]).toMatchObject({ id: 2, cny_price: '461500', usd_price: '65000' });
  });

  it('carries the pair’s fields and a "0" quotation before any trade', async () => {
    const groups = await data<QuoteGroup[]>(t.app, CALLS.currencyMatches);
    const btc = groups[0]?.matches[0];
    expect(btc).toEqual({
      id: 1,
      symbol: 'BTC/USDT',
      base_currency_id: 2,
      quote_currency_id: 1,
      base_currency_code: 'BTC',
      quote_currency_code: 'USDT',
      base_currency: { logo: '/coins/btc.svg' },
      open_change: 1,
      open_lever: 0,
      open_microtrade: 0,
      // The lever terms a pair has before the operator sets its own.
      lever_point_rate: '0.001',
      lever_share_num: '0.01',
      lever_fee_rate: '0.002',
      added: false,
      price_decimals: 2,
      qty_decimals: 6,
      min_qty: '0.00001',
      maker_fee_rate: '0.001',
      taker_fee_rate: '0.002',
      currency_quotation: {
        currency_match_id: 1,
        close: '0',
        change: '0',
        high: '0',
        low: '0',
        volume: '0',
      },
    });
    // Also for a signed-in caller.
    const signedIn = await data<QuoteGroup[]>(t.app, CALLS.currencyMatches, {}, who.bob);
    expect(signedIn).toEqual(groups);
  });

  it('marks the signed-in user’s favourites with added (market/favorite)', async () => {
    const added = (groups: QuoteGroup[]) =>
      groups.flatMap((g) => g.matches.filter((m) => m.added).map((m) => m.id));
    expect(
      await data(t.app, CALLS.favorite, { currency_match_id: 9, added: true }, who.bob),
    ).toEqual({ currency_match_id: 9, added: true });
    await data(t.app, CALLS.favorite, { currency_match_id: 9, added: true }, who.bob);
    await data(t.app, CALLS.favorite, { currency_match_id: 3, added: true }, who.bob);
    expect(added(await data(t.app, CALLS.currencyMatches, {}, who.bob))).toEqual([3, 9]);
    // Per user, and never for a visitor.
    expect(added(await data(t.app, CALLS.currencyMatches, {}, who.alice))).toEqual([]);
    expect(added(await data(t.app, CALLS.currencyMatches))).toEqual([]);
    await data(t.app, CALLS.favorite, { currency_match_id: 3, added: false }, who.bob);
    expect(added(await data(t.app, CALLS.currencyMatches, {}, who.bob))).toEqual([9]);
    expectError(
      await t.call(CALLS.favorite, { currency_match_id: 999, added: true }, { token: who.bob }),
      404,
      'market.not_found',
    );
    expectError(
      await t.call(CALLS.favorite, { currency_match_id: 1, added: true }),
      401,
      'auth.session_expired',
      999,
    );
  });

  it('shows a halted market with open_change 0', async () => {
    await t.app.ctx.spot.setStatus(7, 'halted');
    try {
      const groups = await data<QuoteGroup[]>(t.app, CALLS.currencyMatches);
      const ltc = groups.flatMap((g) => g.matches).find((m) => m.id === 7);
      expect(ltc?.open_change).toBe(0);
    } finally {
      await t.app.ctx.spot.setStatus(7, 'open');
    }
  });
});

describe('depth', () => {
  it('aggregates levels: bids highest first, asks lowest first, decimal strings', async () => {
    await order(t.app, who.alice, 'sell', '0.1', '65100', 1);
    await order(t.app, who.alice, 'sell', '0.2', '65100', 1);
    await order(t.app, who.alice, 'sell', '0.05', '65050.5', 1);
    await order(t.app, who.alice, 'sell', '1', '65200', 1);
    await order(t.app, who.bob, 'buy', '0.3', '64900', 1);
    await order(t.app, who.bob, 'buy', '0.1', '64950', 1);
    await order(t.app, who.bob, 'buy', '0.2', '64900', 1);
    await order(t.app, who.bob, 'buy', '0.00001', '1.5', 1);
    const { depth } = await deal(1);
    expect(depthSnapshot.parse(depth)).toEqual(depth);
    expect(depth).toEqual({
      in: [
        { price: '64950', amount: '0.1' },
        { price: '64900', amount: '0.5' },
        { price: '1.5', amount: '0.00001' },
      ],
      out: [
        { price: '65050.5', amount: '0.05' },
        { price: '65100', amount: '0.3' },
        { price: '65200', amount: '1' },
      ],
    });
  });

  it('holds at most 50 levels a side', async () => {
    for (let i = 0; i < 55; i++) {
      await order(t.app, who.alice, 'sell', '0.01', `${70_000 + i}`, 1);
    }
    const { depth } = await deal(1);
    expect(depth.out).toHaveLength(50);
    expect(depth.out[0]?.price).toBe('65050.5');
    expect(depth.out[49]?.price).toBe('70046');
  });
});

describe('market/deal', () => {
  it('returns quotation, quote prices and the latest 30 trades, newest first', async () => {
    // 32 trades on ETH/USDT: one sell order, many small buys.
    await order(t.app, who.alice, 'sell', '10', '3000', 2);
    for (let i = 0; i < 32; i++) await order(t.app, who.bob, 'buy', '0.01', undefined, 2);
    const d = await deal(2);
    expect(d.quotation).toEqual({
      currency_match_id: 2,
      symbol: 'ETH/USDT',
      close: '3000',
      change: '0.00',
      high: '3000',
      low: '3000',
      volume: '0.32',
      currency_match: { symbol: 'ETH/USDT', quote_currency: { cny_price: '7.1', usd_price: '1' } },
    });
    expect(d.tx_completes).toHaveLength(30);
    for (const trade of d.tx_completes) expect(publicTrade.parse(trade)).toEqual(trade);
    const ids = d.tx_completes.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(d.tx_completes[0]).toMatchObject({ price: '3000', amount: '0.01', way: 1 });
    expect(d.depth.out).toEqual([{ price: '3000', amount: '9.68' }]);
    expect(d.depth.in).toEqual([]);
  });

  it('way 2 when the taker sold', async () => {
    await order(t.app, who.bob, 'buy', '0.5', '2900', 2);
    await order(t.app, who.alice, 'sell', '0.2', undefined, 2);
    const d = await deal(2);
    expect(d.tx_completes[0]).toMatchObject({ price: '2900', amount: '0.2', way: 2 });
    expect(d.quotation).toMatchObject({ close: '2900', change: '-3.33', low: '2900' });
  });

  it('answers 404 market.not_found for an unknown market', async () => {
    expectError(await t.call(CALLS.deal, { currency_match_id: 999 }), 404, 'market.not_found');
  });
});
