import { CALLS } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  balance,
  buy,
  buyRaw,
  cancelEverything,
  openOrders,
  operatorToken,
  sell,
  trader,
  BTC,
  USDT,
} from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

describe('a batch the store refuses', () => {
  it('is answered with 503; memory is rebuilt from the store and the exchange keeps serving', async () => {
    const a = await trader(t, op, { USDT: '1000' });
    const b = await trader(t, op, { BTC: '1' });
    const resting = await buy(t, a.token, { number: '0.01', price: '100' });
    // A fault the core cannot foresee: the store refuses any order of 7.77.
    await t.store.db.execute(
      sql`alter table orders add constraint fault_injection check (qty <> 7.77)`,
    );
    try {
      const refused = await buyRaw(t, a.token, { number: '7.77', price: '1' });
      expectError(refused, 503, 'common.unavailable');
      await t.app.ctx.core.recovered();
    } finally {
      await t.store.db.execute(sql`alter table orders drop constraint fault_injection`);
    }
    // Memory holds what the store holds: the refused order is nowhere, its funds are free, and
    // the order placed before it still rests.
    expect(await balance(t, a.token, USDT)).toEqual({ balance: '999', lock_balance: '1' });
    expect((await openOrders(t, a.token)).map((o) => o.id)).toEqual([resting.id]);
    // Trading goes on against the rebuilt book.
    await sell(t, b.token, { number: '0.01', price: '100' });
    expect(await balance(t, b.token, USDT)).toEqual({ balance: '0.998', lock_balance: '0' });
    expect(await balance(t, a.token, BTC)).toEqual({ balance: '0.00999', lock_balance: '0' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    okData(await t.call(CALLS.info, {}, { token: a.token }));
    await cancelEverything(t, [a.token, b.token]);
  });
});
