import { CALLS } from '@exchange/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../src/db/schema.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import { balance, BTC, operatorToken, trader, USDT, type Trader } from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

function transfer(u: Trader, params: Record<string, unknown>) {
  return t.call(
    CALLS.transfer,
    { currency_id: USDT, balance: '100', from: 1, to: 3, ...params },
    { token: u.token },
  );
}

describe('account/transfer', () => {
  it('checks the amount, the accounts and the balance; refused transfers change nothing', async () => {
    const u = await trader(t, op, { USDT: '500', BTC: '1' });
    expectError(await transfer(u, { balance: '' }), 422, 'transfer.p_number');
    expectError(await transfer(u, { to: 1 }), 422, 'transfer.same_account');
    expectError(await transfer(u, { to: 9 }), 422, 'account.type_invalid');
    expectError(await transfer(u, { balance: '0' }), 422, 'amount.invalid');
    expectError(await transfer(u, { balance: '500.01' }), 422, 'balance.insufficient');
    // BTC may be held in trade, lever and micro accounts, not in the legal account.
    expectError(await transfer(u, { currency_id: BTC, to: 2 }), 422, 'transfer.not_allowed');
    expectError(await transfer(u, { currency_id: 999 }), 404, 'currency.not_found');
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '500', lock_balance: '0' });
    expect(await balance(t, u.token, USDT, 3)).toEqual({ balance: '0', lock_balance: '0' });
  });

  it('moves the amount between the user’s accounts and back; the log lists it', async () => {
    const u = await trader(t, op, { USDT: '500' });
    const first = CALLS.transfer.response.parse(okData(await transfer(u, { balance: '120.5' })));
    expect(first).toMatchObject({ number: '120.5', from: 1, to: 3, currency_code: 'USDT' });
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '379.5', lock_balance: '0' });
    expect(await balance(t, u.token, USDT, 3)).toEqual({ balance: '120.5', lock_balance: '0' });
    okData(await transfer(u, { balance: '20.5', from: 3, to: 4 }));
    expect(await balance(t, u.token, USDT, 4)).toEqual({ balance: '20.5', lock_balance: '0' });
    expectError(
      await transfer(u, { balance: '100.01', from: 3, to: 1 }),
      422,
      'balance.insufficient',
    );
    const log = CALLS.transferLog.response.parse(
      okData(await t.call(CALLS.transferLog, { currency_id: USDT }, { token: u.token })),
    );
    expect(log.data.map((x) => [x.number, x.from, x.to])).toEqual([
      ['20.5', 3, 4],
      ['120.5', 1, 3],
    ]);
    const other = await trader(t, op);
    const none = CALLS.transferLog.response.parse(
      okData(await t.call(CALLS.transferLog, {}, { token: other.token })),
    );
    expect(none.total).toBe(0);
  });

  it('a retry with the same client_id moves once, also in parallel', async () => {
    const u = await trader(t, op, { USDT: '500' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => transfer(u, { client_id: 'tr-1' })),
    );
    const ids = new Set(results.map((r) => CALLS.transfer.response.parse(okData(r)).id));
    expect(ids.size).toBe(1);
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '400', lock_balance: '0' });
    const [rows] = await t.store.db
      .select({ n: count() })
      .from(transfers)
      .where(eq(transfers.userId, u.id));
    expect(rows?.n).toBe(1);
    // Another user may use the same client id.
    const v = await trader(t, op, { USDT: '100' });
    okData(await transfer(v, { client_id: 'tr-1' }));
  });
});

describe('account_log/list (deal records)', () => {
  it('lists the movements of one account type, newest first, by account code or id', async () => {
    const u = await trader(t, op, { USDT: '300' });
    okData(await transfer(u, { balance: '50' }));
    const list = async (types: string) =>
      CALLS.accountLog.response.parse(
        okData(await t.call(CALLS.accountLog, { types }, { token: u.token })),
      );
    const trade = await list('change_account');
    expect(trade.data.map((e) => [e.kind, e.amount, e.bucket])).toEqual([
      ['transfer', '-50', 0],
      ['adjust', '300', 0],
    ]);
    const lever = await list('3');
    expect(lever.data.map((e) => [e.kind, e.amount, e.currency_code])).toEqual([
      ['transfer', '50', 'USDT'],
    ]);
    expect((await list('lever_account')).total).toBe(1);
    expectError(
      await t.call(CALLS.accountLog, { types: 'nope' }, { token: u.token }),
      422,
      'account.type_invalid',
    );
  });
});
