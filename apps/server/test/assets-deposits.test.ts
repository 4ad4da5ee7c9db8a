import { CALLS, DEPOSIT_PAGE_SIZE, depositRecord, LIMITS } from '@exchange/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deposits, journal } from '../src/db/schema.js';
import { isValidAddress } from '../src/domains/assets/index.js';
import { createTestApp, expectError, must, okData, type TestApp } from './helpers.js';
import { ERC20_USDT, TRC20_USDT } from './assets-helpers.js';
import { balance, operatorToken, trader, USDT, type Trader } from './spot-helpers.js';
import { png, uploadImage } from './upload-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

function report(user: Trader, params: Record<string, unknown>) {
  return t.call(
    CALLS.createPayOrder,
    { currency_id: USDT, walletAddress: '', in_address: '', ...params },
    { token: user.token },
  );
}

/** A fresh screenshot of the user's (each report proves its own transfer). */
const screenshot = (user: Trader) => uploadImage(t, user.token);

/** A report of USDT on TRC20 with a screenshot of its own, unless `extra` says otherwise. */
async function reportOk(user: Trader, chargeNum: string, extra: Record<string, unknown> = {}) {
  const imgUrl = await screenshot(user);
  return depositRecord.parse(
    okData(await report(user, { chargeNum, currency_protocol_id: TRC20_USDT, imgUrl, ...extra })),
  );
}

async function walletsOf(user: Trader, currency_id = USDT) {
  return CALLS.wallet.response.parse(
    okData(await t.call(CALLS.wallet, { currency_id }, { token: user.token })),
  );
}

/** The user's deposit address of USDT on TRC20. */
async function trc20Address(user: Trader) {
  return must((await walletsOf(user)).find((w) => w.currency_protocol_id === TRC20_USDT)).address;
}

async function storedReports(user: Trader) {
  return t.store.db.select().from(deposits).where(eq(deposits.userId, user.id));
}

describe('account/list', () => {
  it('gives five groups; charge and withdraw belong to the trade account; USD values floor to cents', async () => {
    // USDT takes 2 decimals: the flooring shows on BTC (6 decimals) instead.
    const u = await trader(t, op, { USDT: '1234.56', BTC: '0.500001' });
    const groups = CALLS.accountList.response.parse(
      okData(await t.call(CALLS.accountList, {}, { token: u.token })),
    );
    expect(groups.map((g) => [g.account_type_id, g.account_code, g.is_recharge])).toEqual([
      [1, 'change_account', 1],
      [2, 'legal_account', 0],
      [3, 'lever_account', 0],
      [4, 'micro_account', 0],
      [5, 'financial_account', 0],
    ]);
    const trade = must(groups[0]);
    const usdt = must(trade.accounts.find((a) => a.currency_code === 'USDT'));
    expect(usdt).toMatchObject({ balance: '1234.56', lock_balance: '0', convert_usd: '1234.56' });
    expect(usdt.currency).toMatchObject({ open_recharge: 1, open_draw: 1, draw_rate: '0.001' });
    expect(usdt.currency.currency_protocols.map((p) => p.chain_protocol.code)).toEqual([
      'ERC20',
      'TRC20',
    ]);
    const btc = must(trade.accounts.find((a) => a.currency_code === 'BTC'));
    // 0.500001 × 65000 = 32500.065, floored to cents.
    expect(btc.convert_usd).toBe('32500.06');
    // 1234.56 + 32500.06
    expect(trade.convert_usd).toBe('33734.62');
    const doge = must(trade.accounts.find((a) => a.currency_code === 'DOGE'));
    expect(doge).toMatchObject({ id: 0, balance: '0', convert_usd: '0' });
    expect(doge.currency.open_recharge).toBe(0);
    // Only currencies allowed in an account type appear in its group.
    expect(must(groups[1]).accounts.map((a) => a.currency_code)).toEqual(['USDT', 'VND']);
    expect(must(groups[2]).accounts.map((a) => a.currency_code)).toEqual(['USDT', 'BTC', 'ETH']);
  });

  it('needs a session', async () => {
    expectError(await t.call(CALLS.accountList, {}), 401, 'auth.session_expired', 999);
  });
});

describe('wallet/wallet: deposit addresses', () => {
  it('derives one address per user and chain, stable across calls, different per user', async () => {
    const a = await trader(t, op);
    const b = await trader(t, op);
    const get = async (u: Trader, currency_id: number) =>
      CALLS.wallet.response.parse(
        okData(await t.call(CALLS.wallet, { currency_id }, { token: u.token })),
      );
    const first = await get(a, USDT);
    expect(first.map((w) => [w.currency_protocol_id, w.chain_protocol.code, w.source])).toEqual([
      [ERC20_USDT, 'ERC20', 'derived'],
      [TRC20_USDT, 'TRC20', 'derived'],
    ]);
    expect(isValidAddress('eth', must(first[0]).address)).toBe(true);
    expect(isValidAddress('tron', must(first[1]).address)).toBe(true);
    expect(must(first[0]).in_address).toBe(must(first[0]).address);
    expect(await get(a, USDT)).toEqual(first);
    // ETH on Ethereum shares the user's Ethereum address.
    expect(must((await get(a, 3))[0]).address).toBe(must(first[0]).address);
    const other = await get(b, USDT);
    expect(must(other[0]).address).not.toBe(must(first[0]).address);
    const btc = await get(a, 2);
    expect(must(btc[0]).address).toMatch(/^bc1q/);
  });

  it('refuses a currency closed for deposits and an unknown currency', async () => {
    const u = await trader(t, op);
    expectError(
      await t.call(CALLS.wallet, { currency_id: 9 }, { token: u.token }),
      422,
      'deposit.closed',
    );
    expectError(
      await t.call(CALLS.wallet, { currency_id: 999 }, { token: u.token }),
      404,
      'currency.not_found',
    );
  });

  it('uses the operator’s shared address where no key is configured', async () => {
    const shared = await createTestApp({
      demo: false,
      adminPassword: 'admin123456',
      depositXpubs: {},
      depositAddresses: { tron: 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv' },
    });
    try {
      const sop = await operatorToken(shared);
      const u = await trader(shared, sop);
      const wallets = CALLS.wallet.response.parse(
        okData(await shared.call(CALLS.wallet, { currency_id: USDT }, { token: u.token })),
      );
      expect(wallets.map((w) => [w.chain_protocol.code, w.source, w.address])).toEqual([
        ['ERC20', 'none', ''],
        ['TRC20', 'shared', 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv'],
      ]);
      // Reports name the shared address, and none where the chain has no address at all.
      const send = async (currency_protocol_id: number) =>
        shared.call(
          CALLS.createPayOrder,
          {
            currency_id: USDT,
            currency_protocol_id,
            chargeNum: '10',
            in_address: '',
            imgUrl: await uploadImage(shared, u.token, png()),
          },
          { token: u.token },
        );
      expectError(await send(ERC20_USDT), 422, 'deposit.address_invalid');
      const d = depositRecord.parse(okData(await send(TRC20_USDT)));
      expect(d.in_address).toBe('TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv');
    } finally {
      await shared.close();
    }
  });
});

describe('wallet/createPayOrder and account_log/recharge', () => {
  it('checks the quantity, the screenshot, then the amount, chain and currency; nothing is stored', async () => {
    const u = await trader(t, op);
    const imgUrl = await screenshot(u);
    expectError(await report(u, {}), 422, 'deposit.p_quantity');
    expectError(await report(u, { chargeNum: '', imgUrl }), 422, 'deposit.p_quantity');
    expectError(
      await report(u, { chargeNum: '5', currency_protocol_id: TRC20_USDT }),
      422,
      'deposit.p_img',
    );
    expectError(
      await report(u, { chargeNum: '0', currency_protocol_id: 2, imgUrl }),
      422,
      'amount.invalid',
    );
    expectError(
      await report(u, { chargeNum: '-5', currency_protocol_id: 2, imgUrl }),
      422,
      'amount.invalid',
    );
    expectError(
      await report(u, { chargeNum: '1.123456789', currency_protocol_id: 2, imgUrl }),
      422,
      'amount.precision',
    );
    // USDT has two chains: the request must name one of its own.
    expectError(await report(u, { chargeNum: '5', imgUrl }), 404, 'chain.not_found');
    expectError(
      await report(u, { chargeNum: '5', currency_protocol_id: 3, imgUrl }),
      404,
      'chain.not_found',
    );
    expectError(await report(u, { currency_id: 9, chargeNum: '5', imgUrl }), 422, 'deposit.closed');
    const log = CALLS.rechargeLog.response.parse(
      okData(await t.call(CALLS.rechargeLog, {}, { token: u.token })),
    );
    expect(log.total).toBe(0);
  });

  it('records a pending deposit to the user’s own address; spec 2 sends the quantity in walletAddress', async () => {
    const u = await trader(t, op);
    const imgUrl = await screenshot(u);
    const d = await reportOk(u, '250.5', {
      walletAddress: 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv',
      imgUrl,
    });
    expect(d).toMatchObject({
      number: '250.5',
      status: 0,
      chain: 'TRC20',
      in_address: await trc20Address(u),
      from_address: 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv',
      img_url: imgUrl,
      currency: { code: 'USDT' },
    });
    const legacy = depositRecord.parse(
      okData(
        await report(u, {
          walletAddress: '12',
          currency_protocol_id: ERC20_USDT,
          imgUrl: await screenshot(u),
        }),
      ),
    );
    expect(legacy).toMatchObject({
      number: '12',
      from_address: '',
      in_address: must((await walletsOf(u))[0]).address,
    });
    // Nothing is credited before review.
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
  });

  it('takes only the user’s own deposit address of that chain as in_address', async () => {
    const u = await trader(t, op);
    const other = await trader(t, op);
    const mine = await walletsOf(u);
    const [erc20, trc20] = [must(mine[0]).address, must(mine[1]).address];
    const theirs = await trc20Address(other);
    const imgUrl = await screenshot(u);
    const refused = async (in_address: string) =>
      expectError(
        await report(u, { chargeNum: '40', currency_protocol_id: TRC20_USDT, imgUrl, in_address }),
        422,
        'deposit.address_invalid',
      );
    // Another user's address: crediting it here would credit coins that are not this user's.
    await refused(theirs);
    // The user's address of another chain, and an address of nobody.
    await refused(erc20);
    await refused('TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv');
    expect(await storedReports(u)).toHaveLength(0);
    const d = await reportOk(u, '40', { in_address: trc20, imgUrl });
    expect(d.in_address).toBe(trc20);
    // Ethereum addresses are the same in either case; the stored one is ours as we wrote it.
    const eth = await reportOk(u, '41', {
      currency_protocol_id: ERC20_USDT,
      in_address: erc20.toLowerCase(),
    });
    expect(eth.in_address).toBe(erc20);
  });

  it('needs a screenshot this user uploaded', async () => {
    const u = await trader(t, op);
    const other = await trader(t, op);
    const theirs = await screenshot(other);
    const mine = await screenshot(u);
    const invalid = async (imgUrl: string) =>
      expectError(
        await report(u, { chargeNum: '15', currency_protocol_id: TRC20_USDT, imgUrl }),
        422,
        'deposit.img_invalid',
      );
    await invalid(theirs);
    await invalid(mine.replace(/[0-9a-f]{6}\./, '000000.'));
    await invalid('https://example.com/transfer.png');
    await invalid('/api/upload/../../etc/passwd');
    expect(await storedReports(u)).toHaveLength(0);
    const d = await reportOk(u, '15', { imgUrl: mine });
    expect(d.img_url).toBe(mine);
  });

  it(`refuses amounts above ${LIMITS.maxDepositReport}`, async () => {
    const u = await trader(t, op);
    const res = await report(u, {
      chargeNum: '1000000000.00000001',
      currency_protocol_id: TRC20_USDT,
      imgUrl: await screenshot(u),
    });
    expectError(res, 422, 'amount.too_large');
    expect(res.body.message).toContain(LIMITS.maxDepositReport);
    const max = await reportOk(u, LIMITS.maxDepositReport);
    expect(max.number).toBe(LIMITS.maxDepositReport);
  });

  it('refuses a copy of a pending report and a screenshot shown twice (409)', async () => {
    const u = await trader(t, op);
    const first = await reportOk(u, '300', { walletAddress: 'TSender1' });
    // Same currency, chain, amount and sender, even with another screenshot.
    expectError(
      await report(u, {
        chargeNum: '300.000',
        currency_protocol_id: TRC20_USDT,
        walletAddress: 'TSender1',
        imgUrl: await screenshot(u),
      }),
      409,
      'deposit.duplicate',
    );
    // The same screenshot for another amount.
    expectError(
      await report(u, {
        chargeNum: '301',
        currency_protocol_id: TRC20_USDT,
        imgUrl: first.img_url,
      }),
      409,
      'deposit.duplicate',
    );
    // Another amount, another sender or another chain is another report.
    await reportOk(u, '300', { walletAddress: 'TSender2' });
    await reportOk(u, '299.5', { walletAddress: 'TSender1' });
    await reportOk(u, '300', { walletAddress: 'TSender1', currency_protocol_id: ERC20_USDT });
    // Once rejected, it may be reported again, with its screenshot; once approved, the
    // screenshot proves nothing more.
    okData(
      await t.call(
        CALLS.adminDepositReject,
        { id: first.id, reason: 'wrong amount' },
        { token: op },
      ),
    );
    const again = await reportOk(u, '300', { walletAddress: 'TSender1', imgUrl: first.img_url });
    okData(await t.call(CALLS.adminDepositApprove, { id: again.id }, { token: op }));
    expectError(
      await report(u, { chargeNum: '1', currency_protocol_id: TRC20_USDT, imgUrl: again.img_url }),
      409,
      'deposit.duplicate',
    );
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '300', lock_balance: '0' });
  });

  it(`allows at most ${String(LIMITS.maxPendingDeposits)} pending reports per user`, async () => {
    const u = await trader(t, op);
    const reports = [];
    for (let i = 1; i <= LIMITS.maxPendingDeposits; i++) reports.push(await reportOk(u, String(i)));
    const res = await report(u, {
      chargeNum: '99',
      currency_protocol_id: TRC20_USDT,
      imgUrl: await screenshot(u),
    });
    expectError(res, 422, 'deposit.too_many_pending');
    expect(res.body.message).toContain(String(LIMITS.maxPendingDeposits));
    // Another user is not held back; and a reviewed report frees a place.
    await reportOk(await trader(t, op), '99');
    okData(
      await t.call(
        CALLS.adminDepositReject,
        { id: must(reports[0]).id, reason: 'not received' },
        { token: op },
      ),
    );
    await reportOk(u, '99');
    expect(await storedReports(u)).toHaveLength(LIMITS.maxPendingDeposits + 1);
  });

  it('reports sent at the same time are checked one after the other', async () => {
    const u = await trader(t, op);
    const shots = await Promise.all(Array.from({ length: 4 }, () => screenshot(u)));
    const same = await Promise.all(
      shots.map((imgUrl) =>
        report(u, { chargeNum: '77', currency_protocol_id: TRC20_USDT, imgUrl }),
      ),
    );
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of same.filter((x) => x.status !== 200)) expectError(r, 409, 'deposit.duplicate');

    const v = await trader(t, op);
    const many = await Promise.all(
      Array.from({ length: LIMITS.maxPendingDeposits + 3 }, async (_, i) =>
        report(v, {
          chargeNum: String(i + 1),
          currency_protocol_id: TRC20_USDT,
          imgUrl: await screenshot(v),
        }),
      ),
    );
    expect(many.filter((r) => r.status === 200)).toHaveLength(LIMITS.maxPendingDeposits);
    for (const r of many.filter((x) => x.status !== 200))
      expectError(r, 422, 'deposit.too_many_pending');
    expect(await storedReports(v)).toHaveLength(LIMITS.maxPendingDeposits);
  });

  it('pages 15 per page, newest first, filters by currency, shows only the user’s own', async () => {
    const u = await trader(t, op);
    const other = await trader(t, op);
    await reportOk(other, '1');
    // Reviewed as they come: at most ten may wait at once.
    for (let i = 1; i <= DEPOSIT_PAGE_SIZE + 2; i++) {
      const d = await reportOk(u, String(i));
      okData(
        await t.call(CALLS.adminDepositReject, { id: d.id, reason: 'test page' }, { token: op }),
      );
    }
    await reportOk(u, '0.5', { currency_id: 2, currency_protocol_id: undefined });
    const page = (params: Record<string, unknown>) =>
      t
        .call(CALLS.rechargeLog, params, { token: u.token })
        .then((r) => CALLS.rechargeLog.response.parse(okData(r)));
    const first = await page({});
    expect(first).toMatchObject({ total: 18, per_page: 15, current_page: 1, last_page: 2 });
    expect(first.data).toHaveLength(15);
    expect(first.data[0]).toMatchObject({ number: '0.5', currency: { code: 'BTC' } });
    expect(first.data.every((d) => d.user_id === u.id)).toBe(true);
    const second = await page({ page: 2 });
    expect(second.data.map((d) => d.number)).toEqual(['3', '2', '1']);
    const usdtOnly = await page({ currency_id: USDT });
    expect(usdtOnly.total).toBe(17);
  });
});

describe('operator review of deposits', () => {
  const approve = (id: number, token = op) => t.call(CALLS.adminDepositApprove, { id }, { token });
  const reject = (id: number, reason: string, token = op) =>
    t.call(CALLS.adminDepositReject, { id, reason }, { token });

  it('approval credits through the ledger once; a second decision is refused', async () => {
    const u = await trader(t, op);
    const d = await reportOk(u, '500');
    const pending = CALLS.adminDeposits.response.parse(
      okData(await t.call(CALLS.adminDeposits, { status: 0 }, { token: op })),
    );
    expect(pending.data.find((x) => x.id === d.id)).toMatchObject({
      status: 0,
      user: { id: u.id, account: u.email },
    });
    const approved = CALLS.adminDepositApprove.response.parse(okData(await approve(d.id)));
    expect(approved).toMatchObject({ status: 1, number: '500' });
    expect(approved.reviewed_at).toBeTypeOf('number');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '500', lock_balance: '0' });
    const entries = await t.store.db
      .select()
      .from(journal)
      .where(and(eq(journal.kind, 'deposit'), eq(journal.refId, d.id)));
    expect(entries).toHaveLength(1);
    expectError(await approve(d.id), 409, 'review.done');
    expectError(await reject(d.id, 'changed my mind'), 409, 'review.done');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '500', lock_balance: '0' });
    const log = await t.store.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.approve'), eq(auditLog.target, `deposit:${d.id}`)));
    expect(log).toHaveLength(1);
  });

  it('two approvals at once credit once', async () => {
    const u = await trader(t, op);
    const d = await reportOk(u, '70');
    const results = await Promise.all([approve(d.id), approve(d.id), approve(d.id)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, 'review.done');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '70', lock_balance: '0' });
  });

  it('rejection records the reason and credits nothing; the user sees it', async () => {
    const u = await trader(t, op);
    const d = await reportOk(u, '80');
    expectError(await reject(d.id, 'no'), 422, 'review.p_reason');
    const rejected = CALLS.adminDepositReject.response.parse(
      okData(await reject(d.id, 'no such transfer on chain')),
    );
    expect(rejected).toMatchObject({ status: 2, reason: 'no such transfer on chain' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
    expectError(await approve(d.id), 409, 'review.done');
    const mine = CALLS.rechargeLog.response.parse(
      okData(await t.call(CALLS.rechargeLog, {}, { token: u.token })),
    );
    expect(mine.data[0]).toMatchObject({
      id: d.id,
      status: 2,
      reason: 'no such transfer on chain',
    });
  });

  it('only the operator reviews; unknown ids are 404', async () => {
    const u = await trader(t, op);
    const d = await reportOk(u, '10');
    expectError(await approve(d.id, u.token), 403, 'auth.admin_only');
    expectError(await t.call(CALLS.adminDeposits, {}, { token: u.token }), 403, 'auth.admin_only');
    expectError(await approve(999_999), 404, 'deposit.not_found');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
  });

  it('a decision survives a restart: the rebuilt core refuses a second one', async () => {
    const u = await trader(t, op);
    const d = await reportOk(u, '33');
    okData(await approve(d.id));
    await t.restart();
    op = await operatorToken(t);
    expectError(await approve(d.id), 409, 'review.done');
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '33', lock_balance: '0' });
  });
});
