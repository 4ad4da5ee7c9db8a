import { CALLS, type CallDef, type SpotOrder } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, okData, signUpEmail, type TestApp } from './helpers.js';
import {
  balance,
  BTC,
  BTC_USDT,
  buy,
  cancel,
  ETH_USDT,
  operatorToken,
  sell,
  tradeAt,
  trader,
  type Trader,
  USDT,
} from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  // BTC/USDT has traded at 60,000: its price band allows sells from 54,000 and buys to 66,000.
  await tradeAt(t, op, '60000');
});
afterAll(() => t.close());

type ListCall = typeof CALLS.buyList;

async function list(call: ListCall, token: string, query: Record<string, unknown> = {}) {
  return call.response.parse(okData(await t.call(call, query, { token })));
}

describe('order lists', () => {
  let u: Trader;
  const buys: SpotOrder[] = [];
  const sells: SpotOrder[] = [];

  beforeAll(async () => {
    u = await trader(t, op, { USDT: '100000', BTC: '1', ETH: '10' });
    for (let i = 0; i < 12; i++) {
      buys.push(await buy(t, u.token, { number: '0.001', price: String(55000 + i) }));
    }
    for (let i = 0; i < 3; i++) {
      buys.push(await buy(t, u.token, { market: ETH_USDT, number: '0.01', price: String(10 + i) }));
    }
    for (let i = 0; i < 2; i++) {
      sells.push(await sell(t, u.token, { number: '0.01', price: String(900000 + i) }));
    }
    // Somebody else's orders never show in u's lists.
    const other = await trader(t, op, { USDT: '1000', BTC: '1' });
    await buy(t, other.token, { number: '0.001', price: '99' });
    await sell(t, other.token, { number: '0.001', price: '950000' });
  });

  it('tx_in/list: open buys, newest first, 10 a page by default', async () => {
    const page1 = await list(CALLS.buyList, u.token);
    expect(page1).toMatchObject({ total: 15, per_page: 10, current_page: 1, last_page: 2 });
    const newestFirst = [...buys].reverse().map((o) => o.id);
    expect(page1.data.map((o) => o.id)).toEqual(newestFirst.slice(0, 10));
    expect(page1.data.every((o) => o.way === 1 && o.status === 0)).toBe(true);
    const page2 = await list(CALLS.buyList, u.token, { page: 2 });
    expect(page2).toMatchObject({ total: 15, per_page: 10, current_page: 2, last_page: 2 });
    expect(page2.data.map((o) => o.id)).toEqual(newestFirst.slice(10));
    const beyond = await list(CALLS.buyList, u.token, { page: 3 });
    expect(beyond).toMatchObject({ total: 15, current_page: 3, data: [] });
  });

  it('a limit and a pair filter', async () => {
    const small = await list(CALLS.buyList, u.token, { limit: 5, page: 3 });
    expect(small).toMatchObject({ total: 15, per_page: 5, current_page: 3, last_page: 3 });
    expect(small.data).toHaveLength(5);
    const eth = await list(CALLS.buyList, u.token, { currency_match_id: ETH_USDT });
    expect(eth).toMatchObject({ total: 3, last_page: 1 });
    expect(eth.data.map((o) => o.currency_match.symbol)).toEqual([
      'ETH/USDT',
      'ETH/USDT',
      'ETH/USDT',
    ]);
    const btc = await list(CALLS.buyList, u.token, { currency_match_id: BTC_USDT });
    expect(btc.total).toBe(12);
    expectError(
      await t.call(CALLS.buyList, { limit: 101 }, { token: u.token }),
      422,
      'common.invalid_param',
    );
    expectError(
      await t.call(CALLS.buyList, { page: 0 }, { token: u.token }),
      422,
      'common.invalid_param',
    );
  });

  it('tx_out/list: open sells only', async () => {
    const open = await list(CALLS.sellList, u.token);
    expect(open).toMatchObject({ total: 2, per_page: 10, current_page: 1, last_page: 1 });
    expect(open.data.map((o) => o.id)).toEqual([...sells].reverse().map((o) => o.id));
    expect(open.data.every((o) => o.way === 2)).toBe(true);
  });

  it('tx_history/list: finished orders only, newest first', async () => {
    expect(await list(CALLS.history, u.token)).toMatchObject({ total: 0, last_page: 1, data: [] });
    const [b0, b1] = buys;
    const [s0] = sells;
    if (!b0 || !b1 || !s0) throw new Error('orders missing');
    await cancel(t, u.token, b0);
    await cancel(t, u.token, s0);
    // A fill: another user sells into u's best buy (55,011).
    const taker = await trader(t, op, { BTC: '1' });
    await sell(t, taker.token, { number: '0.001', price: '55011' });
    const history = await list(CALLS.history, u.token);
    expect(history.total).toBe(3);
    const best = buys[11];
    // Newest order first (by placement, as the open lists).
    expect(history.data.map((o) => [o.id, o.status])).toEqual([
      [s0.id, 2],
      [best?.id, 1],
      [b0.id, 2],
    ]);
    expect(history.data[0]).toMatchObject({ status_name: expect.any(String) as string });
    expect((await list(CALLS.buyList, u.token)).total).toBe(13);
    expect((await list(CALLS.sellList, u.token)).total).toBe(1);
    const eth = await list(CALLS.history, u.token, { currency_match_id: ETH_USDT });
    expect(eth.total).toBe(0);
    // The taker's own history has its filled sell.
    expect(await list(CALLS.history, taker.token)).toMatchObject({
      total: 1,
      data: [{ way: 2, status: 1 }],
    });
  });

  it('labels follow the lang header', async () => {
    const en = (await t.call(CALLS.history, {}, { token: u.token, lang: 'en' })).body.data;
    const vi = (await t.call(CALLS.history, {}, { token: u.token, lang: 'vi' })).body.data;
    const wayName = (data: unknown) => CALLS.history.response.parse(data).data[0]?.way_name;
    expect(wayName(en)).not.toBe(wayName(vi));
  });
});

describe('cancel', () => {
  it('cancels an own open order and unlocks its funds; twice → order.not_open', async () => {
    const u = await trader(t, op, { USDT: '1000' });
    const order = await buy(t, u.token, { number: '0.01', price: '50000' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '500', lock_balance: '500' });
    const cancelled = await cancel(t, u.token, order);
    expect(cancelled).toMatchObject({ id: order.id, status: 2, transacted_amount: '0' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '1000', lock_balance: '0' });
    expectError(
      await t.call(CALLS.buyCancel, { id: order.id }, { token: u.token }),
      409,
      'order.not_open',
    );
  });

  it("another user's order, an unknown id or the wrong side → order.not_found", async () => {
    const a = await trader(t, op, { USDT: '1000', BTC: '1' });
    const b = await trader(t, op);
    const bid = await buy(t, a.token, { number: '0.01', price: '50000' });
    const ask = await sell(t, a.token, { number: '0.01', price: '90000' });
    expectError(
      await t.call(CALLS.buyCancel, { id: bid.id }, { token: b.token }),
      404,
      'order.not_found',
    );
    expectError(
      await t.call(CALLS.sellCancel, { id: ask.id }, { token: b.token }),
      404,
      'order.not_found',
    );
    expectError(
      await t.call(CALLS.buyCancel, { id: ask.id }, { token: a.token }),
      404,
      'order.not_found',
    );
    expectError(
      await t.call(CALLS.sellCancel, { id: bid.id }, { token: a.token }),
      404,
      'order.not_found',
    );
    expectError(
      await t.call(CALLS.sellCancel, { id: 2_000_000_000 }, { token: a.token }),
      404,
      'order.not_found',
    );
    expectError(
      await t.call(CALLS.sellCancel, {}, { token: a.token }),
      422,
      'common.invalid_param',
    );
    // Nothing was cancelled by those attempts.
    expect(await balance(t, a.token, USDT)).toEqual({ balance: '500', lock_balance: '500' });
    expect(await balance(t, a.token, BTC)).toEqual({ balance: '0.99', lock_balance: '0.01' });
    await cancel(t, a.token, bid);
    await cancel(t, a.token, ask);
  });

  it('a partly filled order keeps its fills; only the rest is unlocked', async () => {
    const maker = await trader(t, op, { BTC: '1' });
    const taker = await trader(t, op, { USDT: '100000' });
    const ask = await sell(t, maker.token, { number: '0.5', price: '60000' });
    await buy(t, taker.token, { number: '0.2', price: '60000' });
    expect(await balance(t, maker.token, BTC)).toEqual({ balance: '0.5', lock_balance: '0.3' });
    const cancelled = await cancel(t, maker.token, ask);
    expect(cancelled).toMatchObject({
      status: 2,
      transacted_amount: '0.2',
      transacted_volume: '12000',
    });
    expect(await balance(t, maker.token, BTC)).toEqual({ balance: '0.8', lock_balance: '0' });
  });

  it('a filled order cannot be cancelled', async () => {
    const maker = await trader(t, op, { BTC: '1' });
    const taker = await trader(t, op, { USDT: '100000' });
    const ask = await sell(t, maker.token, { number: '0.1', price: '60000' });
    const bid = await buy(t, taker.token, { number: '0.1', price: '60000' });
    expect(bid.status).toBe(1);
    expectError(
      await t.call(CALLS.sellCancel, { id: ask.id }, { token: maker.token }),
      409,
      'order.not_open',
    );
    expectError(
      await t.call(CALLS.buyCancel, { id: bid.id }, { token: taker.token }),
      409,
      'order.not_open',
    );
  });
});

describe('account/detail', () => {
  it('an unknown currency → currency.not_found; one never held reads zero', async () => {
    const u = await signUpEmail(t);
    expectError(
      await t.call(CALLS.detail, { currency_id: 999, account_type_id: 1 }, { token: u.token }),
      404,
      'currency.not_found',
    );
    const ltc = CALLS.detail.response.parse(
      okData(
        await t.call(CALLS.detail, { currency_id: 10, account_type_id: 1 }, { token: u.token }),
      ),
    );
    expect(ltc).toEqual({
      currency_id: 10,
      currency_code: 'LTC',
      account_type_id: 1,
      balance: '0',
      lock_balance: '0',
    });
    // account_type_id defaults to 1 (trade); other types are separate accounts.
    const funded = await trader(t, op, { USDT: '5' });
    expect(
      CALLS.detail.response.parse(
        okData(await t.call(CALLS.detail, { currency_id: USDT }, { token: funded.token })),
      ),
    ).toMatchObject({ account_type_id: 1, balance: '5' });
    expect(
      CALLS.detail.response.parse(
        okData(
          await t.call(
            CALLS.detail,
            { currency_id: USDT, account_type_id: 2 },
            { token: funded.token },
          ),
        ),
      ),
    ).toMatchObject({ account_type_id: 2, balance: '0' });
    expectError(
      await t.call(
        CALLS.detail,
        { currency_id: USDT, account_type_id: 9 },
        { token: funded.token },
      ),
      422,
      'common.invalid_param',
    );
  });
});

describe('without a session', () => {
  const spotCalls: [string, CallDef, Record<string, unknown>][] = [
    ['buy', CALLS.buy, { currency_match_id: 1, number: '0.01', price: '100' }],
    ['sell', CALLS.sell, { currency_match_id: 1, number: '0.01', price: '100' }],
    ['buyList', CALLS.buyList, {}],
    ['sellList', CALLS.sellList, {}],
    ['history', CALLS.history, {}],
    ['buyCancel', CALLS.buyCancel, { id: 1 }],
    ['sellCancel', CALLS.sellCancel, { id: 1 }],
    ['detail', CALLS.detail, { currency_id: 1, account_type_id: 1 }],
  ];

  it.each(spotCalls)(
    '%s without a token, with a bad one, after logout → 999',
    async (_n, call, params) => {
      expectError(await t.call(call, params), 401, 'auth.session_expired', 999);
      expectError(
        await t.call(call, params, { token: 'not-a-token' }),
        401,
        'auth.session_expired',
        999,
      );
      const u = await signUpEmail(t);
      okData(await t.call(CALLS.logout, {}, { token: u.token }));
      expectError(await t.call(call, params, { token: u.token }), 401, 'auth.session_expired', 999);
    },
  );
});
