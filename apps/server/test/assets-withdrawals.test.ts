import { CALLS, PAY_PASSWORD_MAX_FAILURES } from '@exchange/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../src/core/amounts.js';
import { accounts, auditLog, users } from '../src/db/schema.js';
import { createTestApp, expectError, must, okData, type TestApp } from './helpers.js';
import {
  bindAddress,
  pastResendWait,
  PAY_PASSWORD,
  setPayPassword,
  TRC20_USDT,
  TRON_ADDRESS,
  withdraw,
} from './assets-helpers.js';
import { balance, operatorToken, trader, USDT, type Trader } from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

/** A funded user with a trade password and the TRON address bound. */
async function ready(funds = '1000'): Promise<Trader> {
  const u = await trader(t, op, { USDT: funds });
  await setPayPassword(t, u);
  await bindAddress(t, u);
  return u;
}

function draw(u: Trader, params: Record<string, unknown>) {
  return t.call(
    CALLS.draw,
    {
      currency_id: USDT,
      currency_protocol_id: TRC20_USDT,
      address: TRON_ADDRESS,
      number: '100',
      pay_password: PAY_PASSWORD,
      ...params,
    },
    { token: u.token },
  );
}

async function systemBalance(code: string, currencyId: number) {
  const [row] = await t.store.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.systemCode, code), eq(accounts.currencyId, currencyId)));
  return row ? units(row.balance) : 0n;
}

describe('trade password (user/checkPaypass, user/amend_pay_password)', () => {
  it('is set with a type 3 code, then changing it needs the old one', async () => {
    const u = await trader(t, op);
    const check = async () =>
      CALLS.checkPaypass.response.parse(
        okData(await t.call(CALLS.checkPaypass, {}, { token: u.token })),
      );
    expect(await check()).toEqual({ has_pay_password: false });
    const amend = (params: Record<string, unknown>) =>
      t.call(CALLS.amendPayPassword, params, { token: u.token });
    expectError(await amend({ password: '' }), 422, 'register.emptyPassword');
    expectError(await amend({ password: 'ab' }), 422, 'register.length');
    expectError(
      await amend({ password: 'trade123', re_password: 'trade124' }),
      422,
      'register.unlike',
    );
    expectError(await amend({ password: 'trade123' }), 422, 'register.emptyCode');
    expectError(await amend({ password: 'trade123', auth_code: '000000' }), 422, 'code.invalid');
    await setPayPassword(t, u);
    expect(await check()).toEqual({ has_pay_password: true });
    await pastResendWait(t, u.email);
    okData(await t.call(CALLS.sendEmail, { to: u.email, type: 3 }, { token: u.token }));
    const code = await t.lastCode(u.email);
    expectError(await amend({ password: 'newpass1', auth_code: code }), 422, 'login.enterOld');
    expectError(
      await amend({ password: 'newpass1', old_password: 'wrong999', auth_code: code }),
      422,
      'paypass.wrong',
    );
    okData(await amend({ password: 'newpass1', old_password: PAY_PASSWORD, auth_code: code }));
  });

  it('a pay-password code goes only to the signed-in user’s own address', async () => {
    const u = await trader(t, op);
    const other = await trader(t, op);
    expectError(
      await t.call(CALLS.sendEmail, { to: other.email, type: 3 }, { token: u.token }),
      403,
      'code.not_own_account',
    );
  });
});

describe('binding withdrawal addresses', () => {
  it('needs a valid address for the chain and the e-mailed code; 59 s between codes', async () => {
    const u = await trader(t, op);
    const bind = (params: Record<string, unknown>) =>
      t.call(
        CALLS.addressBind,
        { currency_id: USDT, currency_protocol_id: TRC20_USDT, ...params },
        { token: u.token },
      );
    expectError(await bind({ address: '' }), 422, 'address.p_address');
    expectError(await bind({ address: TRON_ADDRESS }), 422, 'register.emptyCode');
    const sent = CALLS.addressSendCode.response.parse(
      okData(await t.call(CALLS.addressSendCode, {}, { token: u.token })),
    );
    expect(sent.resend_after_s).toBe(59);
    expect(sent.to).toContain('***');
    expectError(
      await t.call(CALLS.addressSendCode, {}, { token: u.token }),
      429,
      'code.resend_wait',
    );
    const code = await t.lastCode(u.email);
    expectError(
      await bind({ address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', code }),
      422,
      'address.invalid',
    );
    expectError(await bind({ address: TRON_ADDRESS, code: '000000' }), 422, 'code.invalid');
    const bound = CALLS.addressBind.response.parse(
      okData(await bind({ address: TRON_ADDRESS, code })),
    );
    expect(bound).toMatchObject({ chain: 'TRC20', currency_code: 'USDT', address: TRON_ADDRESS });
    expectError(await bind({ address: TRON_ADDRESS, code }), 409, 'address.exists');
    const list = CALLS.addressList.response.parse(
      okData(await t.call(CALLS.addressList, { currency_id: USDT }, { token: u.token })),
    );
    expect(list.map((a) => a.id)).toEqual([bound.id]);
  });

  it('another user’s address id is not found; deleting one’s own removes it', async () => {
    const u = await trader(t, op);
    const other = await trader(t, op);
    const bound = await bindAddress(t, u);
    expectError(
      await t.call(CALLS.addressDelete, { id: bound.id }, { token: other.token }),
      404,
      'address.not_found',
    );
    okData(await t.call(CALLS.addressDelete, { id: bound.id }, { token: u.token }));
    const list = CALLS.addressList.response.parse(
      okData(await t.call(CALLS.addressList, {}, { token: u.token })),
    );
    expect(list).toEqual([]);
  });
});

describe('account/draw', () => {
  it('prompts address, then amount, then trade password, in that order', async () => {
    const u = await ready();
    expectError(
      await draw(u, { address: '', number: '', pay_password: '' }),
      422,
      'withdraw.p_address',
    );
    expectError(await draw(u, { number: '', pay_password: '' }), 422, 'withdraw.p_number');
    expectError(await draw(u, { pay_password: '' }), 422, 'withdraw.p_password');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '1000', lock_balance: '0' });
  });

  it('goes only to bound addresses, needs a trade password, respects min, max and balance', async () => {
    const noPass = await trader(t, op, { USDT: '100' });
    await bindAddress(t, noPass);
    expectError(await draw(noPass, { number: '50' }), 422, 'paypass.not_set');

    const u = await ready('500');
    expectError(
      await draw(u, { address: 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGw' }),
      422,
      'withdraw.address_unbound',
    );
    expectError(await draw(u, { currency_protocol_id: 1 }), 422, 'withdraw.address_unbound');
    expectError(await draw(u, { number: '9.99' }), 422, 'withdraw.below_min');
    expectError(await draw(u, { number: '100001' }), 422, 'withdraw.above_max');
    expectError(await draw(u, { number: '500.01' }), 422, 'balance.insufficient');
    expectError(await draw(u, { number: '1.123456789' }), 422, 'amount.precision');
    expectError(await draw(u, { currency_id: 9 }), 422, 'withdraw.closed');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '500', lock_balance: '0' });
    const below = await draw(u, { number: '9.99' });
    expect(below.body.message).toContain('10');
  });

  it('locks the amount; the fee is the rate of the amount; the log shows it pending', async () => {
    const u = await ready('1000');
    const w = await withdraw(t, u, '250');
    expect(w).toMatchObject({
      number: '250',
      fee: '0.25',
      receive: '249.75',
      status: 0,
      chain: 'TRC20',
      address: TRON_ADDRESS,
    });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '750', lock_balance: '250' });
    const log = CALLS.withdrawLog.response.parse(
      okData(await t.call(CALLS.withdrawLog, {}, { token: u.token })),
    );
    expect(log.data.map((x) => x.id)).toEqual([w.id]);
    // Locked funds cannot be withdrawn twice.
    expectError(await draw(u, { number: '750.01' }), 422, 'balance.insufficient');
  });

  it('wrong trade passwords lock the check after the limit, even for the right one', async () => {
    const u = await ready();
    for (let i = 0; i < PAY_PASSWORD_MAX_FAILURES; i++) {
      expectError(await draw(u, { pay_password: 'wrong123' }), 422, 'paypass.wrong');
    }
    const locked = await draw(u, {});
    expectError(locked, 429, 'paypass.locked');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '1000', lock_balance: '0' });
  });

  it('parallel right trade passwords never lock the check (only wrong ones count)', async () => {
    const u = await ready('1000');
    const results = await Promise.all(Array.from({ length: 15 }, () => draw(u, { number: '20' })));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 15 }, () => 200));
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '700', lock_balance: '300' });
    // The right answers left nothing counted: the full allowance of wrong ones is still there.
    for (let i = 0; i < PAY_PASSWORD_MAX_FAILURES; i++) {
      expectError(await draw(u, { pay_password: 'wrong123' }), 422, 'paypass.wrong');
    }
    expectError(await draw(u, {}), 429, 'paypass.locked');
  });

  it('parallel wrong guesses cannot exceed the limit', async () => {
    const u = await ready();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => draw(u, { pay_password: 'wrong123' })),
    );
    const wrong = results.filter((r) => r.body.error === 'paypass.wrong').length;
    expect(wrong).toBe(PAY_PASSWORD_MAX_FAILURES);
    expect(results.filter((r) => r.body.error === 'paypass.locked')).toHaveLength(
      12 - PAY_PASSWORD_MAX_FAILURES,
    );
  });
});

describe('operator review of withdrawals', () => {
  const approve = (id: number, tx_ref: string, token = op) =>
    t.call(CALLS.adminWithdrawalApprove, { id, tx_ref }, { token });
  const reject = (id: number, reason: string, token = op) =>
    t.call(CALLS.adminWithdrawalReject, { id, reason }, { token });

  it('approval pays the lock out: receive to the outside world, the fee to the fee account', async () => {
    const u = await ready('1000');
    const w = await withdraw(t, u, '400');
    const outsideBefore = await systemBalance('outside', USDT);
    const feeBefore = await systemBalance('fee', USDT);
    expectError(await approve(w.id, 'x'), 422, 'review.p_tx_ref');
    const done = CALLS.adminWithdrawalApprove.response.parse(
      okData(await approve(w.id, '0xabc123payout')),
    );
    expect(done).toMatchObject({ status: 1, tx_ref: '0xabc123payout', user: { id: u.id } });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '600', lock_balance: '0' });
    expect(await systemBalance('outside', USDT)).toBe(outsideBefore + units('399.6'));
    expect(await systemBalance('fee', USDT)).toBe(feeBefore + units('0.4'));
    expectError(await approve(w.id, '0xabc123payout'), 409, 'review.done');
    expectError(await reject(w.id, 'too late now'), 409, 'review.done');
    const log = await t.store.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `withdrawal:${w.id}`));
    expect(log.map((l) => l.action)).toEqual(['withdrawal.approve']);
  });

  it('rejection unlocks the amount and records the reason', async () => {
    const u = await ready('300');
    const w = await withdraw(t, u, '120');
    expectError(await reject(w.id, ''), 422, 'review.p_reason');
    const done = CALLS.adminWithdrawalReject.response.parse(
      okData(await reject(w.id, 'address flagged by compliance')),
    );
    expect(done).toMatchObject({ status: 2, reason: 'address flagged by compliance' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '300', lock_balance: '0' });
    expectError(await approve(w.id, '0xabc123payout'), 409, 'review.done');
    const mine = CALLS.withdrawLog.response.parse(
      okData(await t.call(CALLS.withdrawLog, {}, { token: u.token })),
    );
    expect(must(mine.data[0])).toMatchObject({ id: w.id, status: 2 });
  });

  it('keeps each user within the daily limit of their identity level; rejected ones do not count', async () => {
    const setLimit = async (key: string, value: number) =>
      okData(await t.call(CALLS.adminSettingsUpdate, { key, value }, { token: op }));
    await setLimit('withdraw_daily_usd_unverified', 300);
    await setLimit('withdraw_daily_usd_verified', 1000);
    try {
      const u = await ready('2000');
      const first = await withdraw(t, u, '250');
      const over = await draw(u, { number: '100' });
      expectError(over, 422, 'withdraw.daily_limit_verify');
      expect(over.body.message).toContain('350');
      expect(over.body.message).toContain('300');
      // Refused: nothing more is held.
      expect(await balance(t, u.token, USDT)).toEqual({ balance: '1750', lock_balance: '250' });
      // A rejected withdrawal gives its room back.
      okData(await reject(first.id, 'wrong network'));
      okData(await draw(u, { number: '100' }));
      // An approved identity has the higher limit.
      await t.store.db.update(users).set({ reviewStatus: 2 }).where(eq(users.id, u.id));
      okData(await draw(u, { number: '800' }));
      expectError(await draw(u, { number: '150' }), 422, 'withdraw.daily_limit');
    } finally {
      await setLimit('withdraw_daily_usd_unverified', 2000);
      await setLimit('withdraw_daily_usd_verified', 100000);
    }
  });

  it('concurrent decisions: exactly one wins', async () => {
    const u = await ready('300');
    const w = await withdraw(t, u, '100');
    const results = await Promise.all([
      approve(w.id, '0xfeedbeef'),
      reject(w.id, 'duplicate request'),
      approve(w.id, '0xfeedbeef'),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const after = await balance(t, u.token, USDT);
    expect(after.lock_balance).toBe('0');
    expect(['200', '300']).toContain(after.balance);
  });

  it('a pending withdrawal survives a restart and can still be rejected once', async () => {
    const u = await ready('300');
    const w = await withdraw(t, u, '150');
    await t.restart();
    op = await operatorToken(t);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '150', lock_balance: '150' });
    okData(await reject(w.id, 'user asked to cancel'));
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '300', lock_balance: '0' });
    expectError(await reject(w.id, 'user asked to cancel'), 409, 'review.done');
  });

  it('only the operator reviews; unknown ids are 404', async () => {
    const u = await ready('300');
    const w = await withdraw(t, u, '50');
    expectError(await approve(w.id, '0xfeedbeef', u.token), 403, 'auth.admin_only');
    expectError(await reject(w.id, 'not mine', u.token), 403, 'auth.admin_only');
    expectError(await approve(999_999, '0xfeedbeef'), 404, 'withdraw.not_found');
    const list = CALLS.adminWithdrawals.response.parse(
      okData(await t.call(CALLS.adminWithdrawals, { status: 0 }, { token: op })),
    );
    expect(list.data.some((x) => x.id === w.id)).toBe(true);
    expect(list.data.every((x) => x.status === 0)).toBe(true);
  });
});
