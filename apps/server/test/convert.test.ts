import { CALLS, type ConvertQuote } from '@exchange/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, orders, trades } from '../src/db/schema.js';
import { createTestApp, expectError, must, okData, type TestApp } from './helpers.js';
import {
  balance,
  BTC,
  BTC_USDT,
  buy,
  cancelEverything,
  dec,
  ETH,
  operatorToken,
  sell,
  trader,
  USDT,
  wire,
  type Trader,
} from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

/** BTC/USDT takers pay 20 basis points of the quote they receive. */
const TAKER_BPS = 20n;
const afterFee = (gross: bigint) => gross - (gross * TAKER_BPS) / 10_000n;

async function quote(currencyId: number, number: string, token?: string): Promise<ConvertQuote> {
  return CALLS.convertQuote.response.parse(
    okData(await t.call(CALLS.convertQuote, { currency_id: currencyId, number }, { token })),
  );
}

function convert(u: Trader, params: Record<string, unknown>) {
  return t.call(
    CALLS.convert,
    { currency_id: BTC, number: '0.1', min_receive: '1', ...params },
    { token: u.token },
  );
}

/** Other users' bids: one BTC at each price. */
async function bids(...prices: string[]) {
  const bidders: Trader[] = [];
  for (const price of prices) {
    const b = await trader(t, op, { USDT: '1000000' });
    await buy(t, b.token, { market: BTC_USDT, price, number: '1' });
    bidders.push(b);
  }
  return bidders;
}

describe('account/convert_quote', () => {
  it('walks other users’ bids over the amount; the caller’s own bids never count', async () => {
    const others = await bids('60000', '59000');
    const me = await trader(t, op, { USDT: '5000000', BTC: '2' });
    // A bid of mine far above the market: it must not price my conversion.
    await buy(t, me.token, { market: BTC_USDT, price: '600000', number: '3.5' });

    const q = await quote(BTC, '1.5', me.token);
    // 1 × 60000 + 0.5 × 59000 = 89500 over 1.5 = 59666.66666666…
    expect(q).toMatchObject({
      number: '1.5',
      market_price: '60000',
      worst_price: '59000',
      price: '59666.66666666',
      fee_bps: 20,
      fee: '179',
      receive: '89321',
      slippage_bps: 50,
    });
    // receive × (1 − 0.5 %), floored to 8 decimals.
    expect(q.min_receive).toBe('88874.395');
    // Anyone else sees my bid as the best one.
    const anon = await quote(BTC, '1.5');
    expect(anon.market_price).toBe('600000');
    await cancelEverything(t, [me.token, ...others.map((o) => o.token)]);
  });

  it('says when nobody bids, when the depth is short, and refuses USDT and over-precise amounts', async () => {
    expectError(await t.call(CALLS.convertQuote, { currency_id: BTC }), 422, 'trade.notbest');
    const others = await bids('50000');
    expectError(
      await t.call(CALLS.convertQuote, { currency_id: BTC, number: '1.5' }),
      422,
      'convert.depth_insufficient',
    );
    const q = await quote(BTC, '');
    expect(q).toMatchObject({ number: '0.00001', market_price: '50000', price: '50000' });
    expectError(
      await t.call(CALLS.convertQuote, { currency_id: USDT }),
      422,
      'convert.not_allowed',
    );
    // Nobody bids for ETH.
    expectError(await t.call(CALLS.convertQuote, { currency_id: ETH }), 422, 'trade.notbest');
    expectError(
      await t.call(CALLS.convertQuote, { currency_id: BTC, number: '0.0000001' }),
      422,
      'amount.precision',
    );
    await cancelEverything(
      t,
      others.map((o) => o.token),
    );
  });
});

describe('account/convert', () => {
  it('refuses a missing amount or minimum, USDT, unknown currencies, and a market nobody bids on', async () => {
    const u = await trader(t, op, { BTC: '1', USDT: '10' });
    expectError(await convert(u, { number: '' }), 422, 'convert.p_number');
    expectError(await convert(u, { min_receive: '' }), 422, 'convert.p_min_receive');
    expectError(await convert(u, { currency_id: USDT }), 422, 'convert.not_allowed');
    expectError(await convert(u, { currency_id: 999 }), 404, 'currency.not_found');
    expectError(await convert(u, {}), 422, 'trade.notbest');
    expect(await balance(t, u.token, BTC, 1)).toEqual({ balance: '1', lock_balance: '0' });
  });

  it('drain repro: an own high bid is cancelled, never filled; the attacker gets what the book pays', async () => {
    const others = await bids('60000', '59000');
    const attacker = await trader(t, op, { USDT: '2100000', BTC: '2' });
    const own = await buy(t, attacker.token, {
      market: BTC_USDT,
      price: '600000',
      number: '3.5',
    });
    const q = await quote(BTC, '2', attacker.token);
    expect(q.price).toBe('59500');
    const done = CALLS.convert.response.parse(
      okData(await convert(attacker, { number: '2', min_receive: q.min_receive })),
    );
    // Exactly what selling 2 BTC into the other users' bids pays, after the taker fee.
    const gross = dec('60000') + dec('59000');
    expect(done).toMatchObject({ number: '2', price: '59500', receive: wire(afterFee(gross)) });
    expect(await balance(t, attacker.token, USDT, 1)).toEqual({
      balance: wire(dec('2100000') + afterFee(gross)),
      lock_balance: '0',
    });
    expect(await balance(t, attacker.token, BTC, 1)).toEqual({ balance: '0', lock_balance: '0' });
    // The attacker's own bid was cancelled by self-trade prevention, with nothing filled.
    const [ownRow] = await t.store.db.select().from(orders).where(eq(orders.id, own.id));
    expect(ownRow).toMatchObject({ status: 2, filledQty: '0.000000000000000000' });
    // No trade has the attacker on both sides; the other users' bids were filled.
    const mine = await t.store.db
      .select()
      .from(trades)
      .where(and(eq(trades.makerUserId, attacker.id), eq(trades.takerUserId, attacker.id)));
    expect(mine).toHaveLength(0);
    for (const b of others)
      expect(await balance(t, b.token, BTC, 1)).toMatchObject({ balance: '0.999' });
    // The conversion is an order of the attacker's history: a market sell, filled.
    const [row] = await t.store.db
      .select()
      .from(conversions)
      .where(eq(conversions.orderId, done.order_id));
    expect(row).toMatchObject({ userId: attacker.id, spreadBps: 0 });
    const [orderRow] = await t.store.db.select().from(orders).where(eq(orders.id, done.order_id));
    expect(orderRow).toMatchObject({ side: 2, type: 1, status: 1, userId: attacker.id });
  });

  it('converts nothing when the book would pay less than min_receive (422), nor beyond its depth', async () => {
    // BTC/USDT last traded at 59,000 (above): bids within its price band (from 53,100).
    const others = await bids('58000');
    const u = await trader(t, op, { BTC: '1' });
    const q = await quote(BTC, '0.5', u.token);
    // Another seller takes part of the bid first: the book now pays less than the quote.
    const seller = await trader(t, op, { BTC: '0.8' });
    await sell(t, seller.token, { market: BTC_USDT, price: '58000', number: '0.8' });
    const late = await convert(u, { number: '0.5', min_receive: q.min_receive });
    expectError(late, 422, 'convert.depth_insufficient');
    const more = await bids('56000');
    const res = await convert(u, { number: '0.5', min_receive: q.min_receive });
    expectError(res, 422, 'convert.min_receive');
    expect(res.body.message).toContain(q.min_receive);
    expect(await balance(t, u.token, BTC, 1)).toEqual({ balance: '1', lock_balance: '0' });
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '0', lock_balance: '0' });
    // The bids are untouched.
    const deal = CALLS.deal.response.parse(
      okData(await t.call(CALLS.deal, { currency_match_id: BTC_USDT })),
    );
    expect(deal.depth.in.map((l) => [l.price, l.amount])).toEqual([
      ['58000', '0.2'],
      ['56000', '1'],
    ]);
    // With a new quote it goes through and pays at least what the user confirmed.
    const fresh = await quote(BTC, '0.5', u.token);
    const done = CALLS.convert.response.parse(
      okData(await convert(u, { number: '0.5', min_receive: fresh.min_receive })),
    );
    expect(dec(done.receive)).toBeGreaterThanOrEqual(dec(fresh.min_receive));
    expect(done.receive).toBe(wire(afterFee(dec('11600') + dec('16800'))));
    await cancelEverything(
      t,
      [...others, ...more].map((o) => o.token),
    );
  });

  it('refuses more than the balance and converts within the chosen account type', async () => {
    // Within the price band of the last trade (56,000, above).
    const others = await bids('55000');
    const u = await trader(t, op, { BTC: '1' });
    okData(
      await t.call(
        CALLS.transfer,
        { currency_id: BTC, balance: '0.5', from: 1, to: 4 },
        { token: u.token },
      ),
    );
    expectError(
      await convert(u, { number: '0.6', account_type_id: 4 }),
      422,
      'balance.insufficient',
    );
    const done = CALLS.convert.response.parse(
      okData(await convert(u, { number: '0.5', account_type_id: 4, min_receive: '24000' })),
    );
    expect(done.receive).toBe(wire(afterFee(dec('27500'))));
    expect(await balance(t, u.token, USDT, 4)).toEqual({
      balance: done.receive,
      lock_balance: '0',
    });
    expect(await balance(t, u.token, BTC, 4)).toEqual({ balance: '0', lock_balance: '0' });
    expect(await balance(t, u.token, BTC, 1)).toEqual({ balance: '0.5', lock_balance: '0' });
    const bought = must(others[0]);
    // The bidder was the maker: 10 basis points of the base it bought.
    expect(await balance(t, bought.token, BTC, 1)).toMatchObject({ balance: '0.4995' });
  });
});
