import {
  CALLS,
  depositRecord,
  type VndPayOrder,
  type VndWithdrawal,
  VND_CURRENCY_ID,
} from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../src/core/amounts.js';
import { users } from '../src/db/schema.js';
import { checksumOk, readFields, REFERENCE_CODE } from '../src/domains/vnd/index.js';
import { PAY_PASSWORD, setPayPassword } from './assets-helpers.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import { balance, operatorToken, trader, USDT, type Trader } from './spot-helpers.js';
import { uploadImage } from './upload-helpers.js';

let t: TestApp;
let op: string;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  // Orders live 2 s here: one test lets one expire.
  t = await createTestApp({ vndOrderTtlS: 2 });
  op = await operatorToken(t);
  alice = await trader(t, op, { USDT: '100' });
  bob = await trader(t, op);
});
afterAll(() => t.close());

const order = async (user: Trader, chargeNum: string) =>
  okData(
    await t.call(
      CALLS.createPayOrder,
      { currency_id: VND_CURRENCY_ID, chargeNum, walletAddress: '', in_address: '', imgUrl: '' },
      { token: user.token },
    ),
  ) as VndPayOrder;

describe('deposit channels', () => {
  it('lists every chain with the user’s own address, then VND at its rate', async () => {
    const info = okData(await t.call(CALLS.quickChargeInfo, {}, { token: alice.token })) as {
      channels: { currency_code: string; chain: string; address: string; rate: string | null }[];
    };
    const usdt = info.channels.filter((c) => c.currency_code === 'USDT');
    expect(usdt.length).toBeGreaterThan(1);
    for (const c of usdt) expect(c.address).not.toBe('');
    expect(info.channels.at(-1)).toMatchObject({
      currency_code: 'VND',
      chain: 'VND',
      rate: '25400',
    });
    expectError(await t.call(CALLS.quickChargeInfo, {}), 401, 'auth.session_expired', 999);
  });
});

describe('a VND deposit order', () => {
  it('fixes the rate, the VND amount, a unique reference and a VietQR code the bank app reads', async () => {
    const o = await order(alice, '10.5');
    expect(o).toMatchObject({
      status: 0,
      chargeNum: '10.5',
      rate: '25400',
      amountVND: '266700',
      credit_currency_id: USDT,
      credit_amount: '10.5',
      bank_name: 'Demo Commercial Bank',
    });
    expect(o.referenceCode).toMatch(REFERENCE_CODE);
    expect(o.expires_at - o.created_at).toBe(2_000);
    expect(checksumOk(o.qr_payload)).toBe(true);
    const qr = readFields(o.qr_payload);
    expect(qr.get('54')).toBe('266700');
    expect(qr.get('53')).toBe('704');
    const beneficiary = readFields(readFields(qr.get('38') ?? '').get('01') ?? '');
    expect([beneficiary.get('00'), beneficiary.get('01')]).toEqual(['970436', '000012345678']);
    expect(readFields(qr.get('62') ?? '').get('08')).toBe(o.referenceCode);
    // A second order replaces the first, which no longer awaits payment.
    const second = await order(alice, '10');
    expect(second.referenceCode).not.toBe(o.referenceCode);
    expect(
      okData(await t.call(CALLS.infoPayOrder, { order_id: o.id }, { token: alice.token })),
    ).toBeNull();
    expectError(
      await t.call(
        CALLS.createPayOrder,
        { currency_id: 5, chargeNum: '1.001', imgUrl: '' },
        { token: alice.token },
      ),
      422,
      'amount.precision',
    );
  });

  it('is its owner’s only: another user reads null and cannot cancel or submit it', async () => {
    const o = await order(alice, '10');
    expect(
      okData(await t.call(CALLS.infoPayOrder, { order_id: o.id }, { token: bob.token })),
    ).toBeNull();
    expectError(
      await t.call(CALLS.cancelPayOrder, { order_id: o.id }, { token: bob.token }),
      404,
      'deposit.order_gone',
    );
    const bobsImage = await uploadImage(t, bob.token);
    expectError(
      await t.call(
        CALLS.updatePayOrder,
        { order_id: o.id, imgUrl: bobsImage },
        { token: bob.token },
      ),
      404,
      'deposit.order_gone',
    );
    // Nor may its owner prove it with someone else's screenshot.
    expectError(
      await t.call(
        CALLS.updatePayOrder,
        { order_id: o.id, imgUrl: bobsImage },
        { token: alice.token },
      ),
      422,
      'deposit.img_invalid',
    );
    const cancelled = okData(
      await t.call(CALLS.cancelPayOrder, { order_id: o.id }, { token: alice.token }),
    ) as VndPayOrder;
    expect(cancelled.status).toBe(2);
    expect(
      okData(await t.call(CALLS.infoPayOrder, { order_id: o.id }, { token: alice.token })),
    ).toBeNull();
    expectError(
      await t.call(CALLS.cancelPayOrder, { order_id: o.id }, { token: alice.token }),
      404,
      'deposit.order_gone',
    );
  });

  it('cannot be submitted once expired', async () => {
    const o = await order(alice, '10');
    await new Promise((r) => setTimeout(r, 2_100));
    expect(
      okData(await t.call(CALLS.infoPayOrder, { order_id: o.id }, { token: alice.token })),
    ).toBeNull();
    const img = await uploadImage(t, alice.token);
    expectError(
      await t.call(CALLS.updatePayOrder, { order_id: o.id, imgUrl: img }, { token: alice.token }),
      404,
      'deposit.order_gone',
    );
  });

  it('becomes a deposit of the same id that only the operator’s approval credits, in USDT', async () => {
    const before = await balance(t, alice.token, USDT);
    const o = await order(alice, '12.34');
    expect(
      okData(await t.call(CALLS.infoPayOrder, { order_id: o.id }, { token: alice.token })),
    ).toMatchObject({ id: o.id });
    const img = await uploadImage(t, alice.token);
    const sent = okData(
      await t.call(CALLS.updatePayOrder, { order_id: o.id, imgUrl: img }, { token: alice.token }),
    ) as VndPayOrder;
    expect(sent.status).toBe(1);
    expect(await balance(t, alice.token, USDT)).toEqual(before);
    const queue = okData(await t.call(CALLS.adminDeposits, { status: 0 }, { token: op })) as {
      data: unknown[];
    };
    const row = queue.data.map((d) => depositRecord.parse(d)).find((d) => d.id === o.id);
    expect(row).toMatchObject({
      currency_id: USDT,
      number: '12.34',
      chain: 'VND',
      vnd: { reference_code: o.referenceCode, amount_vnd: '313436', rate: '25400' },
    });
    okData(await t.call(CALLS.adminDepositApprove, { id: o.id }, { token: op }));
    const after = await balance(t, alice.token, USDT);
    expect(units(after.balance) - units(before.balance)).toBe(units('12.34'));
    // Submitted once: the same order cannot become a second deposit.
    expectError(
      await t.call(CALLS.updatePayOrder, { order_id: o.id, imgUrl: img }, { token: alice.token }),
      404,
      'deposit.order_gone',
    );
  });
});

describe('a VND withdrawal', () => {
  const withdraw = (user: Trader, body: Record<string, unknown>) =>
    t.call(CALLS.withdrawalPost, { pay_password: PAY_PASSWORD, ...body }, { token: user.token });

  it('needs an approved identity, bank info, the rate the user saw and the balance', async () => {
    const carol = await trader(t, op, { USDT: '50' });
    await setPayPassword(t, carol);
    expectError(await withdraw(carol, { amount: '10' }), 403, 'withdraw.identity_required');
    await t.store.db.update(users).set({ reviewStatus: 2 }).where(eq(users.id, carol.id));
    expectError(await withdraw(carol, { amount: '10' }), 422, 'withdraw.bank_required');
    okData(
      await t.call(
        CALLS.bankUpdate,
        {
          bank_name: 'Vietcombank',
          account_number: '0011 0012 3456',
          account_name: 'NGUYEN VAN A',
        },
        { token: carol.token },
      ),
    );
    expectError(
      await withdraw(carol, { amount: '10', rate: '25000' }),
      409,
      'withdraw.rate_changed',
    );
    expectError(await withdraw(carol, { amount: '60' }), 422, 'withdraw.num_error');
    expectError(
      await withdraw(carol, { amount: '10', pay_password: 'wrong999' }),
      422,
      'paypass.wrong',
    );

    const w = okData(await withdraw(carol, { amount: '10.5', rate: '25200' })) as VndWithdrawal;
    expect(w).toMatchObject({
      amount: '10.5',
      rate: '25200',
      total_amount: '264600',
      status: 1,
      bank_name: 'Vietcombank',
      account_number: '0011 0012 3456',
      account_name: 'NGUYEN VAN A',
    });
    expect(await balance(t, carol.token, USDT)).toMatchObject({
      balance: '39.5',
      lock_balance: '10.5',
    });
    const queue = okData(await t.call(CALLS.adminWithdrawals, { status: 0 }, { token: op })) as {
      data: { id: number; vnd?: unknown }[];
    };
    expect(queue.data.find((r) => r.id === w.id)?.vnd).toMatchObject({
      total_amount: '264600',
      account_name: 'NGUYEN VAN A',
    });
    okData(
      await t.call(
        CALLS.adminWithdrawalApprove,
        { id: w.id, tx_ref: 'FT2611280001' },
        { token: op },
      ),
    );
    const second = okData(await withdraw(carol, { amount: '5' })) as VndWithdrawal;
    okData(
      await t.call(
        CALLS.adminWithdrawalReject,
        { id: second.id, reason: 'name mismatch' },
        { token: op },
      ),
    );
    const list = okData(await t.call(CALLS.withdrawList, {}, { token: carol.token })) as {
      per_page: number;
      data: VndWithdrawal[];
    };
    expect(list.per_page).toBe(15);
    expect(list.data.map((r) => [r.id, r.status, r.tx_ref || r.reason])).toEqual([
      [second.id, 5, 'name mismatch'],
      [w.id, 2, 'FT2611280001'],
    ]);
    expect(await balance(t, carol.token, USDT)).toMatchObject({
      balance: '39.5',
      lock_balance: '0',
    });
  });
});

describe('the operator’s VND settings', () => {
  it('sets the rate and the bank checked, audited; later orders use them', async () => {
    const set = (key: string, value: string, token = op) =>
      t.call(CALLS.adminSettingsSet, { key, value }, { token });
    expectError(await set('usd_vnd', '26000', alice.token), 403, 'auth.admin_only');
    expectError(await set('usd_vnd', '0'), 422, 'setting.invalid');
    expectError(await set('usd_vnd', '-5'), 422, 'setting.invalid');
    expectError(
      await set('deposit_bank', '{"bank_name":"X","bank_num":"1","owner_name":"Y"}'),
      422,
      'setting.invalid',
    );
    expectError(await set('livechat', 'javascript:alert(1)'), 422, 'setting.invalid');
    expect(okData(await set('usd_vnd', '26000'))).toEqual({ key: 'usd_vnd', value: '26000' });
    okData(
      await set(
        'deposit_bank',
        JSON.stringify({
          bank_name: 'ACB',
          bank_num: '123 456 789',
          owner_name: 'EXCHANGE',
          bin: '970416',
        }),
      ),
    );
    const o = await order(alice, '1');
    expect(o).toMatchObject({
      rate: '26000',
      amountVND: '26000',
      bank_name: 'ACB',
      bank_num: '123 456 789',
    });
    const beneficiary = readFields(
      readFields(readFields(o.qr_payload).get('38') ?? '').get('01') ?? '',
    );
    expect([beneficiary.get('00'), beneficiary.get('01')]).toEqual(['970416', '123456789']);
    const read = okData(await t.call(CALLS.setting, { key: 'usd_vnd' }));
    expect(JSON.stringify(read)).toContain('26000');
  });
});
