import { CALLS } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  asOrder,
  balance,
  buy,
  buyRaw,
  cancel,
  fund,
  operatorToken,
  orderCount,
  ordersByClientId,
  sell,
  sellRaw,
  trader,
  USDT,
} from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

describe('client_order_id makes placing an order idempotent', () => {
  it('the same id twice answers with the same order and locks once', async () => {
    const u = await trader(t, op, { USDT: '100000' });
    const first = await buy(t, u.token, { number: '0.1', price: '50000', client_order_id: 'c-1' });
    expect(first.client_order_id).toBe('c-1');
    const again = await buy(t, u.token, { number: '0.1', price: '50000', client_order_id: 'c-1' });
    expect(again.id).toBe(first.id);
    expect(again).toEqual(first);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '95000', lock_balance: '5000' });
    expect(await ordersByClientId(t, u.id, 'c-1')).toHaveLength(1);
    // The same parameters written differently are the same order.
    const padded = await buy(t, u.token, {
      number: '0.10000',
      price: '50000.00',
      client_order_id: 'c-1',
    });
    expect(padded.id).toBe(first.id);
    // The same id with other parameters is a conflict, never the first order silently.
    const conflicts = [
      sellRaw(t, u.token, { number: '0.1', price: '50000', client_order_id: 'c-1' }),
      buyRaw(t, u.token, { number: '0.2', price: '50000', client_order_id: 'c-1' }),
      buyRaw(t, u.token, { number: '0.1', price: '50001', client_order_id: 'c-1' }),
      buyRaw(t, u.token, { number: '0.1', type: 1, client_order_id: 'c-1' }),
      buyRaw(t, u.token, { market: 2, number: '0.1', price: '50000', client_order_id: 'c-1' }),
    ];
    for (const res of await Promise.all(conflicts))
      expectError(res, 409, 'order.client_id_conflict');
    // After a cancel the retry answers with the order as it stands, and places nothing new.
    await cancel(t, u.token, first);
    const after = await buy(t, u.token, { number: '0.1', price: '50000', client_order_id: 'c-1' });
    expect(after).toMatchObject({ id: first.id, status: 2 });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '100000', lock_balance: '0' });
    expect(await ordersByClientId(t, u.id, 'c-1')).toHaveLength(1);
  });

  it('client ids belong to their user', async () => {
    const a = await trader(t, op, { USDT: '1000' });
    const b = await trader(t, op, { USDT: '1000' });
    const x = await buy(t, a.token, { number: '0.001', price: '100', client_order_id: 'shared' });
    const y = await buy(t, b.token, { number: '0.001', price: '100', client_order_id: 'shared' });
    expect(y.id).not.toBe(x.id);
    await cancel(t, a.token, x);
    await cancel(t, b.token, y);
  });

  it('20 identical concurrent requests create exactly one order', async () => {
    const u = await trader(t, op, { USDT: '100000' });
    const before = await orderCount(t, u.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyRaw(t, u.token, { number: '0.2', price: '40000', client_order_id: 'burst' }),
      ),
    );
    const ids = results.map((r) => asOrder(r).id);
    expect(new Set(ids).size).toBe(1);
    expect(await orderCount(t, u.id)).toBe(before + 1);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '92000', lock_balance: '8000' });
    const list = CALLS.buyList.response.parse(
      okData(await t.call(CALLS.buyList, {}, { token: u.token })),
    );
    expect(list.data.map((o) => o.id)).toEqual([ids[0]]);
    okData(await t.call(CALLS.buyCancel, { id: ids[0] }, { token: u.token }));
  });

  it('20 identical concurrent crossing orders trade once', async () => {
    const maker = await trader(t, op, { BTC: '1' });
    const taker = await trader(t, op, { USDT: '100000' });
    const ask = await sell(t, maker.token, { number: '1', price: '60000' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyRaw(t, taker.token, { number: '0.1', type: 1, client_order_id: 'mkt' }),
      ),
    );
    expect(new Set(results.map((r) => asOrder(r).id)).size).toBe(1);
    expect(await balance(t, taker.token, USDT)).toEqual({ balance: '94000', lock_balance: '0' });
    await cancel(t, maker.token, ask);
  });

  it('a refused first attempt does not use the id up', async () => {
    const u = await trader(t, op);
    expectError(
      await buyRaw(t, u.token, { number: '0.01', price: '1000', client_order_id: 'later' }),
      422,
      'balance.insufficient',
    );
    await fund(t, op, u.email, 'USDT', '10');
    const order = await buy(t, u.token, {
      number: '0.01',
      price: '1000',
      client_order_id: 'later',
    });
    expect(order).toMatchObject({ status: 0, client_order_id: 'later' });
    await cancel(t, u.token, order);
  });

  it('a client id longer than 64 characters is refused', async () => {
    const u = await trader(t, op, { USDT: '10' });
    expectError(
      await sellRaw(t, u.token, { number: '0.01', price: '1000', client_order_id: 'x'.repeat(65) }),
      422,
      'common.invalid_param',
    );
  });
});
