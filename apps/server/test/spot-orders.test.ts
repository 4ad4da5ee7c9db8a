import { CALLS } from '@exchange/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { journal, postings, trades } from '../src/db/schema.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  balance,
  BTC,
  BTC_USDT,
  buy,
  buyRaw,
  cancelEverything,
  feeBalances,
  feeDelta,
  operatorToken,
  orderCount,
  sell,
  sellRaw,
  trader,
  type Trader,
  USDT,
} from './spot-helpers.js';

let t: TestApp;
let op: string;
let made: Trader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
// Each test leaves the books empty: whatever its traders still have open is cancelled.
afterEach(async () => {
  await cancelEverything(
    t,
    made.map((m) => m.token),
  );
  made = [];
});
afterAll(() => t.close());

async function newTrader(funds: Record<string, string>) {
  const m = await trader(t, op, funds);
  made.push(m);
  return m;
}

async function tradesOf(takerOrderId: number) {
  return t.store.db
    .select()
    .from(trades)
    .where(eq(trades.takerOrderId, takerOrderId))
    .orderBy(asc(trades.id));
}

describe('placing orders locks funds', () => {
  it('a limit buy locks price × quantity of quote, a limit sell the quantity of base', async () => {
    const b = await newTrader({ USDT: '100000' });
    const s = await newTrader({ BTC: '2' });
    const bid = await buy(t, b.token, { number: '0.5', price: '60000' });
    expect(bid).toMatchObject({
      way: 1,
      type: 0,
      status: 0,
      price: '60000',
      number: '0.5',
      transacted_amount: '0',
      transacted_volume: '0',
      currency_match_id: BTC_USDT,
      currency_match: { symbol: 'BTC/USDT' },
    });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '70000', lock_balance: '30000' });
    const ask = await sell(t, s.token, { number: '0.3', price: '61000' });
    expect(ask).toMatchObject({ way: 2, status: 0, price: '61000', number: '0.3' });
    expect(await balance(t, s.token, BTC)).toEqual({ balance: '1.7', lock_balance: '0.3' });
    // The prices do not cross: nothing traded.
    expect(await tradesOf(ask.id)).toEqual([]);
  });
});

describe('matching', () => {
  it('fills at the maker price, best price first, then oldest first, across users', async () => {
    const s1 = await newTrader({ BTC: '1' });
    const s2 = await newTrader({ BTC: '1' });
    const s3 = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '100000' });
    const a1 = await sell(t, s1.token, { number: '0.1', price: '65000' });
    const a2 = await sell(t, s2.token, { number: '0.1', price: '65000' });
    const a3 = await sell(t, s3.token, { number: '0.1', price: '64900' });
    const feesBefore = await feeBalances(t);

    const taker = await buy(t, b.token, { number: '0.25', price: '65100' });
    // 0.1 × 64,900 + 0.1 × 65,000 + 0.05 × 65,000; taker fee 0.2 % of 0.25 BTC.
    expect(taker).toMatchObject({
      status: 1,
      transacted_amount: '0.25',
      transacted_volume: '16240',
      fee: '0.0005',
    });
    const fills = await tradesOf(taker.id);
    expect(fills.map((f) => [f.makerOrderId, Number(f.price), Number(f.qty)])).toEqual([
      [a3.id, 64900, 0.1],
      [a1.id, 65000, 0.1],
      [a2.id, 65000, 0.05],
    ]);
    // It paid what the fills cost and locked nothing: none of it rests.
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '83760', lock_balance: '0' });
    expect(await balance(t, b.token, BTC)).toEqual({ balance: '0.2495', lock_balance: '0' });
    // Makers pay 0.1 % of the quote they receive.
    expect(await balance(t, s3.token, USDT)).toEqual({ balance: '6483.51', lock_balance: '0' });
    expect(await balance(t, s1.token, USDT)).toEqual({ balance: '6493.5', lock_balance: '0' });
    expect(await balance(t, s2.token, USDT)).toEqual({ balance: '3246.75', lock_balance: '0' });
    expect(await balance(t, s1.token, BTC)).toEqual({ balance: '0.9', lock_balance: '0' });
    expect(await balance(t, s2.token, BTC)).toEqual({ balance: '0.9', lock_balance: '0.05' });
    // s2's order is partly filled and still open.
    const open = CALLS.sellList.response.parse(
      okData(await t.call(CALLS.sellList, {}, { token: s2.token })),
    );
    expect(open.data).toEqual([
      expect.objectContaining({
        id: a2.id,
        status: 0,
        transacted_amount: '0.05',
        transacted_volume: '3250',
        fee: '3.25',
      }),
    ]);
    // The fees are on the fee accounts: 6.49 + 6.5 + 3.25 USDT and 0.0005 BTC.
    const feesAfter = await feeBalances(t);
    expect(feeDelta(feesBefore, feesAfter, USDT)).toBe('16.24');
    expect(feeDelta(feesBefore, feesAfter, BTC)).toBe('0.0005');
  });

  it('a partly filled limit buy rests with only what its rest needs locked', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '100000' });
    await sell(t, s.token, { number: '0.1', price: '64000' });
    const bid = await buy(t, b.token, { number: '0.3', price: '65000' });
    expect(bid).toMatchObject({
      status: 0,
      transacted_amount: '0.1',
      transacted_volume: '6400',
      fee: '0.0002',
    });
    // 6,400 paid from available; only the rest is locked: 0.2 × 65,000 = 13,000.
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '80600', lock_balance: '13000' });
    expect(await balance(t, b.token, BTC)).toEqual({ balance: '0.0998', lock_balance: '0' });

    // A later sell below the resting buy trades at the buy's (maker's) price.
    const s2 = await newTrader({ BTC: '1' });
    const ask = await sell(t, s2.token, { number: '0.2', price: '64500' });
    expect(ask).toMatchObject({ status: 1, transacted_volume: '13000', fee: '26' });
    expect(await balance(t, s2.token, USDT)).toEqual({ balance: '12974', lock_balance: '0' });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '80600', lock_balance: '0' });
    // 0.0998 + 0.2 − maker fee 0.1 % of 0.2.
    expect(await balance(t, b.token, BTC)).toEqual({ balance: '0.2996', lock_balance: '0' });
    const history = CALLS.history.response.parse(
      okData(await t.call(CALLS.history, {}, { token: b.token })),
    );
    expect(history.data[0]).toMatchObject({
      id: bid.id,
      status: 1,
      transacted_amount: '0.3',
      transacted_volume: '19400',
    });
  });

  it('a limit buy filled below its limit keeps nothing locked', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '20000' });
    await sell(t, s.token, { number: '0.2', price: '60000' });
    const bid = await buy(t, b.token, { number: '0.2', price: '62000' });
    expect(bid).toMatchObject({ status: 1, transacted_volume: '12000' });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '8000', lock_balance: '0' });
  });

  it('a limit sell below the best bid trades at the bid', async () => {
    const b = await newTrader({ USDT: '100000' });
    const s = await newTrader({ BTC: '1' });
    await buy(t, b.token, { number: '0.1', price: '66000' });
    const ask = await sell(t, s.token, { number: '0.1', price: '60000' });
    expect(ask).toMatchObject({ status: 1, transacted_volume: '6600', fee: '13.2' });
    expect(await balance(t, s.token, USDT)).toEqual({ balance: '6586.8', lock_balance: '0' });
  });
});

describe('market orders', () => {
  it('a market buy walks the asks up to the 5 % band; the rest is cancelled and unlocked', async () => {
    const s = await newTrader({ BTC: '2' });
    const b = await newTrader({ USDT: '100000' });
    for (const price of ['60000', '62000', '63000', '63000.01']) {
      await sell(t, s.token, { number: '0.1', price });
    }
    const order = await buy(t, b.token, { number: '1', type: 1 });
    // Band: 60,000 × 1.05 = 63,000; the ask at 63,000.01 is beyond it.
    expect(order).toMatchObject({
      type: 1,
      status: 2,
      price: '63000',
      transacted_amount: '0.3',
      transacted_volume: '18500',
      fee: '0.0006',
    });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '81500', lock_balance: '0' });
    expect(await balance(t, b.token, BTC)).toEqual({ balance: '0.2994', lock_balance: '0' });
    const rest = CALLS.sellList.response.parse(
      okData(await t.call(CALLS.sellList, {}, { token: s.token })),
    );
    expect(rest.data.map((o) => o.price)).toEqual(['63000.01']);
    expect(await balance(t, s.token, BTC)).toEqual({ balance: '1.6', lock_balance: '0.1' });
  });

  it('a market sell walks the bids down to the band', async () => {
    const b = await newTrader({ USDT: '100000' });
    const s = await newTrader({ BTC: '1' });
    for (const price of ['60000', '58000', '57000', '56999.99']) {
      await buy(t, b.token, { number: '0.1', price });
    }
    const order = await sell(t, s.token, { number: '0.5', type: 1 });
    expect(order).toMatchObject({
      type: 1,
      status: 2,
      price: '57000',
      transacted_amount: '0.3',
      transacted_volume: '17500',
      fee: '35',
    });
    expect(await balance(t, s.token, BTC)).toEqual({ balance: '0.7', lock_balance: '0' });
    expect(await balance(t, s.token, USDT)).toEqual({ balance: '17465', lock_balance: '0' });
  });

  it('a market order that fills completely is filled', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '100000' });
    await sell(t, s.token, { number: '0.5', price: '60000' });
    const order = await buy(t, b.token, { number: '0.2', type: 1 });
    expect(order).toMatchObject({ status: 1, transacted_volume: '12000' });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '88000', lock_balance: '0' });
  });

  it('with an empty opposite side a market order is refused with trade.notbest', async () => {
    const b = await newTrader({ USDT: '100000', BTC: '1' });
    const before = await orderCount(t);
    expectError(await buyRaw(t, b.token, { number: '0.1', type: 1 }), 422, 'trade.notbest');
    expectError(await sellRaw(t, b.token, { number: '0.1', type: 1 }), 422, 'trade.notbest');
    expect(await orderCount(t)).toBe(before);
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '100000', lock_balance: '0' });
  });

  it('a market buy whose funds cover less than band × quantity fills what they pay for', async () => {
    const s = await newTrader({ BTC: '2' });
    await sell(t, s.token, { number: '0.5', price: '60000' });
    await sell(t, s.token, { number: '1', price: '62000' });
    const b = await newTrader({ USDT: '61000' });
    // 1 × 63,000 (band) is more than 61,000: the order reaches up to 61,000 a unit, which the
    // funds pay for whatever fills; the 62,000 level is beyond it.
    const order = await buy(t, b.token, { number: '1', type: 1 });
    expect(order).toMatchObject({
      type: 1,
      status: 2,
      transacted_amount: '0.5',
      transacted_volume: '30000',
    });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '31000', lock_balance: '0' });
    expect(await balance(t, b.token, BTC)).toEqual({ balance: '0.499', lock_balance: '0' });
    // Funds below the best ask for the whole quantity buy nothing.
    const poor = await newTrader({ USDT: '50000' });
    expectError(await buyRaw(t, poor.token, { number: '1', type: 1 }), 422, 'balance.insufficient');
    expect(await balance(t, poor.token, USDT)).toEqual({ balance: '50000', lock_balance: '0' });
  });
});

describe('self-trade prevention', () => {
  it("a user's own resting order is cancelled, never traded, and matching goes on", async () => {
    const a = await newTrader({ USDT: '100000', BTC: '1' });
    const o = await newTrader({ BTC: '1' });
    const own = await sell(t, a.token, { number: '0.1', price: '65000' });
    const other = await sell(t, o.token, { number: '0.1', price: '65000' });
    const bid = await buy(t, a.token, { number: '0.1', price: '65000' });
    expect(bid).toMatchObject({ status: 1, transacted_volume: '6500' });
    const fills = await tradesOf(bid.id);
    expect(fills.map((f) => f.makerOrderId)).toEqual([other.id]);
    const [selfTrades] = await t.store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trades)
      .where(eq(trades.makerUserId, trades.takerUserId));
    expect(selfTrades?.n).toBe(0);
    const history = CALLS.history.response.parse(
      okData(await t.call(CALLS.history, {}, { token: a.token })),
    );
    expect(history.data.find((x) => x.id === own.id)).toMatchObject({
      status: 2,
      transacted_amount: '0',
    });
    // The cancelled sell gave its 0.1 BTC back; the buy brought 0.1 less the 0.2 % taker fee.
    expect(await balance(t, a.token, BTC)).toEqual({ balance: '1.0998', lock_balance: '0' });
    expect(await balance(t, a.token, USDT)).toEqual({ balance: '93500', lock_balance: '0' });
  });

  it('with only its own order in the way the buy rests instead of trading', async () => {
    const a = await newTrader({ USDT: '100000', BTC: '1' });
    const own = await sell(t, a.token, { number: '0.1', price: '65000' });
    const bid = await buy(t, a.token, { number: '0.1', price: '66000' });
    expect(bid).toMatchObject({ status: 0, transacted_amount: '0' });
    expect(await tradesOf(bid.id)).toEqual([]);
    expect(await balance(t, a.token, BTC)).toEqual({ balance: '1', lock_balance: '0' });
    expect(await balance(t, a.token, USDT)).toEqual({ balance: '93400', lock_balance: '6600' });
    const sells = CALLS.sellList.response.parse(
      okData(await t.call(CALLS.sellList, {}, { token: a.token })),
    );
    expect(sells.data.map((x) => x.id)).not.toContain(own.id);
  });
});

/** The journal entries that name this order or one of its trades, with their postings. */
async function entriesOf(orderId: number) {
  const fills = await t.store.db
    .select({ id: trades.id })
    .from(trades)
    .where(sql`${trades.takerOrderId} = ${orderId} or ${trades.makerOrderId} = ${orderId}`);
  const rows = await t.store.db
    .select({
      journalId: journal.id,
      kind: journal.kind,
      refId: journal.refId,
      accountId: postings.accountId,
      bucket: postings.bucket,
      amount: postings.amount,
    })
    .from(journal)
    .innerJoin(postings, eq(postings.journalId, journal.id))
    .where(
      sql`(${journal.kind} like 'order.%' and ${journal.refId} = ${orderId}) or (${journal.kind} = 'trade' and ${journal.refId} in (${sql.join(
        [0, ...fills.map((f) => f.id)].map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    )
    .orderBy(asc(journal.id), asc(postings.accountId), asc(postings.bucket));
  const kinds = [...new Map(rows.map((r) => [r.journalId, r.kind])).values()];
  return { kinds, rows };
}

describe('the journal of an order', () => {
  it('a taker that fills at once writes one trade entry per fill and locks nothing', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '10000' });
    const ask = await sell(t, s.token, { number: '0.1', price: '60000' });
    const bid = await buy(t, b.token, { number: '0.1', price: '61000' });
    expect(bid).toMatchObject({ status: 1 });
    const taker = await entriesOf(bid.id);
    expect(taker.kinds).toEqual(['trade']);
    // The taker's 6,000 USDT leave its available balance, the maker's 0.1 BTC its locked one.
    const quoteOut = taker.rows.filter((r) => Number(r.amount) === -6000);
    expect(quoteOut.map((r) => r.bucket)).toEqual([0]);
    const baseOut = taker.rows.filter((r) => Number(r.amount) === -0.1);
    expect(baseOut.map((r) => r.bucket)).toEqual([1]);
    // Two fee postings among six: every posting of the fill is there, and they balance.
    expect(taker.rows).toHaveLength(6);
    // The maker locked when it rested and its lock was spent by the trade: nothing to unlock.
    expect((await entriesOf(ask.id)).kinds).toEqual(['order.lock', 'trade']);
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '4000', lock_balance: '0' });
  });

  it('a taker that rests locks only its rest, after its fills', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '10000' });
    await sell(t, s.token, { number: '0.05', price: '60000' });
    const bid = await buy(t, b.token, { number: '0.1', price: '61000' });
    expect(bid).toMatchObject({ status: 0, transacted_amount: '0.05' });
    const { kinds, rows } = await entriesOf(bid.id);
    expect(kinds).toEqual(['trade', 'order.lock']);
    // 0.05 × 61,000 = 3,050 moves from available to locked.
    const lock = rows.filter((r) => r.kind === 'order.lock');
    expect(lock.map((r) => [r.bucket, Number(r.amount)])).toEqual([
      [0, -3050],
      [1, 3050],
    ]);
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '3950', lock_balance: '3050' });
  });

  it('a market buy that cannot fill in full locks nothing and unlocks nothing', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '100000' });
    await sell(t, s.token, { number: '0.05', price: '60000' });
    const bid = await buy(t, b.token, { number: '0.2', type: 1 });
    expect(bid).toMatchObject({ status: 2, transacted_amount: '0.05' });
    expect((await entriesOf(bid.id)).kinds).toEqual(['trade']);
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '97000', lock_balance: '0' });
  });

  it('a market buy limited by its funds locks nothing for the moment it rests', async () => {
    const s = await newTrader({ BTC: '1' });
    const b = await newTrader({ USDT: '12200' });
    await sell(t, s.token, { number: '0.05', price: '60000' });
    await sell(t, s.token, { number: '0.05', price: '61000' });
    // Band × quantity is 0.2 × 63,000; 12,200 pay for 0.2 up to 61,000: it takes both asks, and
    // its unfilled 0.1 is cancelled at once.
    const bid = await buy(t, b.token, { number: '0.2', type: 1 });
    expect(bid).toMatchObject({ status: 2, transacted_amount: '0.1' });
    expect((await entriesOf(bid.id)).kinds).toEqual(['trade', 'trade']);
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '6150', lock_balance: '0' });
  });
});

describe('the ledger after trading', () => {
  it('the audit is ok and the fee accounts hold every fee', async () => {
    const audit = CALLS.audit.response.parse(okData(await t.call(CALLS.audit, {}, { token: op })));
    expect(audit.ok).toBe(true);
    const fees = await feeBalances(t);
    expect(fees.get(USDT) ?? 0n).toBeGreaterThan(0n);
    expect(fees.get(BTC) ?? 0n).toBeGreaterThan(0n);
  });
});
