import { CALLS } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_USER, type UserPush } from '../src/bus/bus.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let alice: string;
let bob: string;

async function login(account: string, password: string) {
  const res = await t.call(CALLS.login, { login_type: 'email', account, password });
  return res.body.data as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login('admin@exchange.test', 'admin123456');
  alice = await login('demo@exchange.test', 'demo123456');
  // A second trader.
  await t.call(CALLS.sendEmail, { to: 'bob@example.com', type: 1 });
  const code = await t.lastCode('bob@example.com');
  await t.call(CALLS.register, {
    type: 'email',
    account: 'bob@example.com',
    password: 'bob12345',
    re_password: 'bob12345',
    sms_code: code,
  });
  bob = await login('bob@example.com', 'bob12345');
  for (const [user, currency, amount] of [
    ['demo@exchange.test', 'BTC', '2'],
    ['bob@example.com', 'USDT', '200000'],
  ]) {
    const res = await t.call(
      CALLS.ledgerAdjust,
      { user, currency, amount, reason: 'test funding' },
      { token: admin },
    );
    expect(res.body.code).toBe(1);
  }
});
afterAll(() => t.close());

describe('spot core', () => {
  it('matches a limit sell with a market buy, settles fees and keeps the audit ok', async () => {
    const sell = await t.call(
      CALLS.sell,
      { currency_match_id: 1, number: '0.5', price: '65000', type: 0 },
      { token: alice },
    );
    expect(sell.body).toMatchObject({ code: 1, data: { status: 0, way: 2, number: '0.5' } });
    const buy = await t.call(
      CALLS.buy,
      { currency_match_id: 1, number: '0.2', type: 1 },
      { token: bob },
    );
    expect(buy.body).toMatchObject({
      code: 1,
      data: { status: 1, transacted_amount: '0.2', transacted_volume: '13000' },
    });
    const bobBtc = await t.call(CALLS.detail, { currency_id: 2 }, { token: bob });
    // Taker fee 0.2 % of 0.2 BTC.
    expect(bobBtc.body.data).toMatchObject({ balance: '0.1996', lock_balance: '0' });
    const aliceUsdt = await t.call(CALLS.detail, { currency_id: 1 }, { token: alice });
    // Maker fee 0.1 % of 13,000 USDT.
    expect(aliceUsdt.body.data).toMatchObject({ balance: '12987', lock_balance: '0' });
    const aliceBtc = await t.call(CALLS.detail, { currency_id: 2 }, { token: alice });
    expect(aliceBtc.body.data).toMatchObject({ balance: '1.5', lock_balance: '0.3' });
    const open = await t.call(CALLS.sellList, { currency_match_id: 1 }, { token: alice });
    expect(open.body.data).toMatchObject({ total: 1 });
    const cancel = await t.call(
      CALLS.sellCancel,
      { id: (sell.body.data as { id: number }).id },
      { token: alice },
    );
    expect(cancel.body).toMatchObject({ code: 1, data: { status: 2 } });
    const again = await t.call(
      CALLS.sellCancel,
      { id: (sell.body.data as { id: number }).id },
      { token: alice },
    );
    expect(again.body.error).toBe('order.not_open');
    const audit = await t.call(CALLS.audit, {}, { token: admin });
    expect(audit.body.data).toMatchObject({ ok: true });
  });

  it('pushes TX_SUBMIT to the owner and TX_MATCHED with new balances to both sides', async () => {
    const pushes: UserPush[] = [];
    const off = t.app.ctx.bus.subscribe(PUSH_USER, (p) => pushes.push(p as UserPush));
    const sell = await t.call(
      CALLS.sell,
      { currency_match_id: 1, number: '0.1', price: '64000', type: 0 },
      { token: alice },
    );
    const buy = await t.call(
      CALLS.buy,
      { currency_match_id: 1, number: '0.1', price: '64000', type: 0 },
      { token: bob },
    );
    off();
    const sellId = (sell.body.data as { id: number }).id;
    const buyId = (buy.body.data as { id: number }).id;
    const aliceId = (await t.call(CALLS.info, {}, { token: alice })).body.data as { id: number };
    const bobId = (await t.call(CALLS.info, {}, { token: bob })).body.data as { id: number };
    const submits = pushes.filter((p) => p.topic === 'TX_SUBMIT');
    expect(submits.map((p) => p.userId).sort()).toEqual([aliceId.id, bobId.id].sort());
    const matched = pushes.filter((p) => p.topic === 'TX_MATCHED');
    const forAlice = matched.find((p) => p.userId === aliceId.id);
    const forBob = matched.find((p) => p.userId === bobId.id);
    expect(forAlice?.data).toMatchObject({
      order: { id: sellId, status: 1, transacted_amount: '0.1' },
      quote_balance: { currency_id: 1 },
    });
    expect(forBob?.data).toMatchObject({
      order: { id: buyId, status: 1, transacted_amount: '0.1' },
      // 0.1 BTC bought with a taker fee of 0.2 %, on top of 0.1996 from the first test.
      base_balance: { currency_id: 2, balance: '0.2994', lock_balance: '0' },
    });
    // Each push reaches only the order's owner.
    for (const p of matched) {
      const order = (p.data as { order: { id: number } }).order;
      expect(p.userId).toBe(order.id === sellId ? aliceId.id : bobId.id);
    }
  });
});
