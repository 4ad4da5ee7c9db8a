import { CALLS } from '@exchange/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journal, orders } from '../src/db/schema.js';
import {
  createTestApp,
  type EnvelopeBody,
  expectError,
  okData,
  signUpEmail,
  type TestApp,
} from './helpers.js';
import {
  balance,
  BTC,
  BTC_USDT,
  buyRaw,
  fund,
  operatorToken,
  trader,
  USDT,
} from './spot-helpers.js';

// Findings of the outside security review: text PostgreSQL cannot store, numbers JSON.parse rounds
// and amounts NUMERIC(48,18) cannot hold, each refused before it reaches the core or SQL. Run with
// DATABASE_URL set as well: on PostgreSQL the first and third used to stop the process.

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

/** A POST with the body exactly as written, so that `1e5` reaches the server unparsed. */
async function raw(path: string, payload: string, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody>() };
}

async function counts() {
  const n = async (table: typeof journal | typeof auditLog | typeof orders) =>
    (await t.store.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { journal: await n(journal), audit: await n(auditLog), orders: await n(orders) };
}

async function expectServing() {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

describe('text PostgreSQL cannot store', () => {
  it('a lone surrogate in an operator reason → 422 common.bad_text; the server keeps serving', async () => {
    const u = await signUpEmail(t);
    const before = await counts();
    for (const reason of ['refund \\ud800 ok', 'refund \\udc00', 'a\\u0000bc']) {
      const res = await raw(
        'admin/ledger/adjust',
        `{"user":"${u.email}","currency":"USDT","amount":"5","reason":"${reason}"}`,
        op,
      );
      expectError(res, 422, 'common.bad_text');
      expect(res.body.details).toEqual([{ field: 'reason', error: 'common.bad_text' }]);
      expect(res.body.message).toContain('reason');
    }
    expectError(
      await t.call(
        CALLS.ledgerAdjust,
        { user: u.email, currency: 'USDT', amount: '5', reason: 'half a pair \ud83d' },
        { token: op },
      ),
      422,
      'common.bad_text',
    );
    expect(await counts()).toEqual(before);
    await expectServing();
    await fund(t, op, u.email, 'USDT', '5');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '5', lock_balance: '0' });
  });

  it('a well-formed pair (an emoji) is stored as sent', async () => {
    const u = await signUpEmail(t);
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user: u.email, currency: 'USDT', amount: '1', reason: 'goodwill 💥 中文' },
        { token: op },
      ),
    );
  });

  it('NUL in a query string → 422 common.bad_text naming the field', async () => {
    const res = await t.call(CALLS.setting, { key: 'a\u0000b' });
    expectError(res, 422, 'common.bad_text');
    expect(res.body.details).toEqual([{ field: 'key', error: 'common.bad_text' }]);
  });

  it('half a pair in an order’s client id → 422, no order', async () => {
    const u = await trader(t, op, { USDT: '100' });
    const before = await counts();
    expectError(
      await buyRaw(t, u.token, { number: '0.001', price: '100', client_order_id: 'x\udfff' }),
      422,
      'common.bad_text',
    );
    expect(await counts()).toEqual(before);
  });
});

describe('numbers JSON.parse would change', () => {
  it('1e5 and 9007199254740993 as JSON numbers → 422 common.bad_number; nothing credited', async () => {
    const u = await signUpEmail(t);
    const before = await counts();
    for (const amount of ['1e5', '1E5', '1e+2', '9007199254740993', '9007199254740992', '-1e2']) {
      const res = await raw(
        'admin/ledger/adjust',
        `{"user":"${u.email}","currency":"USDT","amount":${amount},"reason":"abc"}`,
        op,
      );
      expectError(res, 422, 'common.bad_number');
    }
    expect(await counts()).toEqual(before);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
    // A plain JSON number a double holds exactly is still taken.
    okData(
      await raw(
        'admin/ledger/adjust',
        `{"user":"${u.email}","currency":"USDT","amount":100000,"reason":"abc"}`,
        op,
      ),
    );
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '100000', lock_balance: '0' });
  });

  it('an order quantity sent as the JSON number 1e2 → 422 common.bad_number; no order', async () => {
    const u = await trader(t, op, { USDT: '1000' });
    const before = await counts();
    expectError(
      await raw('tx_in/add', `{"currency_match_id":${BTC_USDT},"number":1e2,"price":"1"}`, u.token),
      422,
      'common.bad_number',
    );
    expectError(
      await raw('tx_in/add', `{"currency_match_id":${BTC_USDT},"number":"1","price":1E0}`, u.token),
      422,
      'common.bad_number',
    );
    expect(await counts()).toEqual(before);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '1000', lock_balance: '0' });
  });

  it('inside strings the same text is left alone; broken JSON stays 400 common.bad_json', async () => {
    const u = await trader(t, op, { USDT: '100' });
    expectError(
      await raw('tx_in/add', `{"currency_match_id":1,"number":"1e2","price":"1"}`, u.token),
      422,
      'trade.invalid_number',
    );
    expectError(await raw('user/login', '{"account":1e5', undefined), 400, 'common.bad_json', 0);
    expectError(await raw('user/login', '', undefined), 400, 'common.bad_json', 0);
    expectError(
      await raw('user/login', '{"__proto__":{"admin":true}}', undefined),
      400,
      'common.bad_json',
      0,
    );
  });
});

describe('amounts that do not fit the column or the currency', () => {
  it('a 30-digit adjustment → 422 amount.too_large; nothing credited, the server keeps serving', async () => {
    const u = await signUpEmail(t);
    const before = await counts();
    for (const amount of [
      '123456789012345678901234567890',
      '-123456789012345678901234567890',
      '999999999999999999999999999999.99',
      '1000000000000000.01',
      '1000000000000001',
    ]) {
      const res = await t.call(
        CALLS.ledgerAdjust,
        { user: u.email, currency: 'USDT', amount, reason: 'abc' },
        { token: op },
      );
      expectError(res, 422, 'amount.too_large');
      expect(res.body.message).toContain('1000000000000000');
    }
    expect(await counts()).toEqual(before);
    await expectServing();
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
  });

  it('more decimals than the currency has → 422 amount.precision with its decimals', async () => {
    const u = await signUpEmail(t);
    const before = await counts();
    const usdt = await t.call(
      CALLS.ledgerAdjust,
      { user: u.email, currency: 'USDT', amount: '1.001', reason: 'abc' },
      { token: op },
    );
    expectError(usdt, 422, 'amount.precision');
    expect(usdt.body.message).toContain('2');
    expectError(
      await t.call(
        CALLS.ledgerAdjust,
        { user: u.email, currency: 'BTC', amount: '-0.0000001', reason: 'abc' },
        { token: op },
      ),
      422,
      'amount.precision',
    );
    expect(await counts()).toEqual(before);
    // Trailing zeros are no extra precision.
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user: u.email, currency: 'USDT', amount: '1.0100', reason: 'abc' },
        { token: op },
      ),
    );
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '1.01', lock_balance: '0' });
  });

  it('zero and negative zero adjustments → 422 amount.invalid', async () => {
    const u = await signUpEmail(t);
    for (const amount of ['0', '-0', '-0.00', '0.000']) {
      expectError(
        await t.call(
          CALLS.ledgerAdjust,
          { user: u.email, currency: 'USDT', amount, reason: 'abc' },
          { token: op },
        ),
        422,
        'amount.invalid',
      );
    }
  });

  it('a currency named by a long run of digits → 404 currency.not_found, not an SQL error', async () => {
    const u = await signUpEmail(t);
    expectError(
      await t.call(
        CALLS.ledgerAdjust,
        { user: u.email, currency: '99999999999999999999', amount: '1', reason: 'abc' },
        { token: op },
      ),
      404,
      'currency.not_found',
    );
  });

  it('transfers and conversions: amount.precision and amount.too_large', async () => {
    const u = await trader(t, op, { USDT: '100' });
    const before = await counts();
    const transfer = (value: string) =>
      t.call(
        CALLS.transfer,
        { currency_id: USDT, balance: value, from: 1, to: 2 },
        { token: u.token },
      );
    const precise = await transfer('1.123456789');
    expectError(precise, 422, 'amount.precision');
    expect(precise.body.message).toContain('8');
    expectError(await transfer('10000000000000000'), 422, 'amount.too_large');
    expectError(await transfer('0'), 422, 'amount.invalid');
    const convert = (number: string, min_receive: string) =>
      t.call(CALLS.convert, { currency_id: BTC, number, min_receive }, { token: u.token });
    expectError(await convert('1'.repeat(30), '1'), 422, 'amount.too_large');
    expectError(await convert('0.1', '1.123456789'), 422, 'amount.precision');
    expect(await counts()).toEqual(before);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '100', lock_balance: '0' });
  });

  it('an over-large order quantity or price → amount.too_large; over-precise keeps its key', async () => {
    const u = await trader(t, op, { USDT: '1000', BTC: '1' });
    const before = await counts();
    const big = '9'.repeat(20);
    expectError(await buyRaw(t, u.token, { number: big, price: '1' }), 422, 'amount.too_large');
    expectError(
      await buyRaw(t, u.token, { number: '0.001', price: '1'.repeat(30) }),
      422,
      'amount.too_large',
    );
    expectError(
      await buyRaw(t, u.token, { number: '0.0000001', price: '1' }),
      422,
      'trade.qty_scale',
    );
    expectError(
      await buyRaw(t, u.token, { number: '0.001', price: '1.001' }),
      422,
      'trade.price_scale',
    );
    expect(await counts()).toEqual(before);
    expect(await balance(t, u.token, BTC)).toEqual({ balance: '1', lock_balance: '0' });
  });
});
