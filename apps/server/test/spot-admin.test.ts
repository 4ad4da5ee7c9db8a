import { CALLS } from '@exchange/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, journal, postings } from '../src/db/schema.js';
import {
  assertAudit,
  createTestApp,
  expectError,
  okData,
  signUpEmail,
  signUpMobile,
  type TestApp,
} from './helpers.js';
import { balance, buy, cancel, fund, operatorToken, USDT } from './spot-helpers.js';

let t: TestApp;
let op: string;
let opId: number;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  const me = CALLS.info.response.parse(okData(await t.call(CALLS.info, {}, { token: op })));
  opId = me.id;
});
afterAll(() => t.close());

function adjust(params: Record<string, unknown>, token = op) {
  return t.call(CALLS.ledgerAdjust, { reason: 'support ticket 42', ...params }, { token });
}

async function counts() {
  const [j] = await t.store.db.select({ n: count() }).from(journal);
  const [a] = await t.store.db.select({ n: count() }).from(auditLog);
  return { journal: j?.n ?? 0, audit: a?.n ?? 0 };
}

describe('operator calls need the operator', () => {
  it('a user → 403 auth.admin_only; no token → 999', async () => {
    const u = await signUpEmail(t);
    const before = await counts();
    expectError(
      await adjust({ user: u.email, currency: 'USDT', amount: '100' }, u.token),
      403,
      'auth.admin_only',
    );
    expectError(await t.call(CALLS.audit, {}, { token: u.token }), 403, 'auth.admin_only');
    expectError(
      await t.call(CALLS.ledgerAdjust, {
        user: u.email,
        currency: 'USDT',
        amount: '1',
        reason: 'xxx',
      }),
      401,
      'auth.session_expired',
      999,
    );
    expectError(await t.call(CALLS.audit, {}), 401, 'auth.session_expired', 999);
    expect(await counts()).toEqual(before);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
  });
});

describe('admin/ledger/adjust', () => {
  it('finds the user by e-mail, by id and by mobile; the currency by code or id', async () => {
    const e = await signUpEmail(t);
    const byEmail = CALLS.ledgerAdjust.response.parse(
      okData(await adjust({ user: e.email.toUpperCase(), currency: 'usdt', amount: '100.5' })),
    );
    expect(byEmail).toMatchObject({
      user_id: e.id,
      currency: 'USDT',
      balance: '100.5',
      lock_balance: '0',
    });
    const byId = CALLS.ledgerAdjust.response.parse(
      okData(await adjust({ user: String(e.id), currency: String(USDT), amount: '0.25' })),
    );
    expect(byId).toMatchObject({ user_id: e.id, balance: '100.75' });
    expect(byId.journal_id).toBeGreaterThan(byEmail.journal_id);
    const m = await signUpMobile(t);
    const byMobile = CALLS.ledgerAdjust.response.parse(
      okData(await adjust({ user: m.mobile, currency: 'BTC', amount: 1 })),
    );
    expect(byMobile).toMatchObject({ user_id: m.id, currency: 'BTC', balance: '1' });
    expect(await balance(t, m.token, 2)).toEqual({ balance: '1', lock_balance: '0' });
    expect(await balance(t, e.token, USDT)).toEqual({ balance: '100.75', lock_balance: '0' });
  });

  it('an unknown user or currency is refused and changes nothing', async () => {
    const e = await signUpEmail(t);
    const before = await counts();
    expectError(
      await adjust({ user: 'nobody@example.com', currency: 'USDT', amount: '1' }),
      404,
      'admin.user_not_found',
    );
    expectError(
      await adjust({ user: '999999', currency: 'USDT', amount: '1' }),
      404,
      'admin.user_not_found',
    );
    expectError(
      await adjust({ user: e.email, currency: 'DOGECOIN', amount: '1' }),
      404,
      'currency.not_found',
    );
    expectError(
      await adjust({ user: e.email, currency: '999', amount: '1' }),
      404,
      'currency.not_found',
    );
    expectError(
      await adjust({ user: e.email, currency: 'USDT', amount: '0' }),
      422,
      'amount.invalid',
    );
    for (const amount of ['abc', '1e5', '']) {
      expectError(
        await adjust({ user: e.email, currency: 'USDT', amount }),
        422,
        'common.invalid_param',
      );
    }
    // The one bounded decimal schema of every call names what is wrong with a 19th decimal.
    expectError(
      await adjust({ user: e.email, currency: 'USDT', amount: '1.0000000000000000001' }),
      422,
      'amount.precision',
    );
    expectError(
      await adjust({ user: e.email, currency: 'USDT', amount: '1', reason: 'x' }),
      422,
      'common.invalid_param',
    );
    expect(await counts()).toEqual(before);
  });

  it('a debit never takes the balance below zero, nor touches locked funds', async () => {
    const u = await signUpEmail(t);
    await fund(t, op, u.email, 'USDT', '100');
    const order = await buy(t, u.token, { number: '0.001', price: '60000' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '40', lock_balance: '60' });
    const before = await counts();
    expectError(
      await adjust({ user: u.email, currency: 'USDT', amount: '-40.01' }),
      422,
      'balance.insufficient',
    );
    expectError(
      await adjust({ user: u.email, currency: 'BTC', amount: '-0.000001' }),
      422,
      'balance.insufficient',
    );
    expect(await counts()).toEqual(before);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '40', lock_balance: '60' });
    const debit = CALLS.ledgerAdjust.response.parse(
      okData(await adjust({ user: u.email, currency: 'USDT', amount: '-40' })),
    );
    expect(debit).toMatchObject({ balance: '0', lock_balance: '60' });
    await cancel(t, u.token, order);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '60', lock_balance: '0' });
  });

  it('writes an audit-log row with the operator and reason, and an adjust journal entry', async () => {
    const u = await signUpEmail(t);
    const res = CALLS.ledgerAdjust.response.parse(
      okData(
        await adjust({
          user: u.email,
          currency: 'ETH',
          amount: '2.5',
          reason: 'deposit 0xabc credited',
        }),
      ),
    );
    const [entry] = await t.store.db.select().from(journal).where(eq(journal.id, res.journal_id));
    expect(entry).toMatchObject({
      kind: 'adjust',
      actorId: opId,
      reason: 'deposit 0xabc credited',
    });
    const lines = await t.store.db
      .select({
        amount: postings.amount,
        bucket: postings.bucket,
        userId: accounts.userId,
        systemCode: accounts.systemCode,
        currencyId: postings.currencyId,
      })
      .from(postings)
      .innerJoin(accounts, eq(accounts.id, postings.accountId))
      .where(eq(postings.journalId, res.journal_id))
      .orderBy(asc(postings.amount));
    expect(
      lines.map((l) => [l.userId, l.systemCode, l.currencyId, l.bucket, Number(l.amount)]),
    ).toEqual([
      [null, 'outside', 3, 0, -2.5],
      [u.id, null, 3, 0, 2.5],
    ]);
    const logs = await t.store.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.adjust'), eq(auditLog.target, `user:${u.id}`)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actorId: opId,
      detail: {
        journal_id: res.journal_id,
        currency_id: 3,
        account_type: 1,
        amount: '2.5',
        reason: 'deposit 0xabc credited',
      },
    });
    // Every adjustment so far has its journal entry and its audit-log row.
    const [adjustEntries] = await t.store.db
      .select({ n: count() })
      .from(journal)
      .where(eq(journal.kind, 'adjust'));
    const [adjustLogs] = await t.store.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'ledger.adjust'));
    expect(adjustEntries?.n).toBe(adjustLogs?.n);
    const [withoutActor] = await t.store.db
      .select({ n: count() })
      .from(journal)
      .where(and(eq(journal.kind, 'adjust'), sql`${journal.actorId} is null`));
    expect(withoutActor?.n).toBe(0);
  });

  it('credits another account type when asked', async () => {
    const u = await signUpEmail(t);
    okData(await adjust({ user: u.email, currency: 'USDT', amount: '7', account_type: 2 }));
    const legal = CALLS.detail.response.parse(
      okData(
        await t.call(CALLS.detail, { currency_id: USDT, account_type_id: 2 }, { token: u.token }),
      ),
    );
    expect(legal).toMatchObject({ balance: '7' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
  });
});

describe('admin/audit', () => {
  it('is ok after the calls above, and is itself written to the audit log', async () => {
    const report = CALLS.audit.response.parse(okData(await t.call(CALLS.audit, {}, { token: op })));
    expect(report.ok).toBe(true);
    expect(report.currencies.map((c) => c.currency)).toContain('USDT');
    const usdt = report.currencies.find((c) => c.currency === 'USDT');
    expect(usdt).toMatchObject({ sum: '0', negative_accounts: 0, unposted_accounts: 0, ok: true });
    const [row] = await t.store.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.audit'), eq(auditLog.actorId, opId)));
    expect(row?.n).toBeGreaterThan(0);
  });

  it('detects a balance edited behind the ledger; the harness refuses to close over it', async () => {
    const t2 = await createTestApp();
    let closed = false;
    try {
      const op2 = await operatorToken(t2);
      const u = await signUpEmail(t2);
      okData(
        await t2.call(
          CALLS.ledgerAdjust,
          { user: u.email, currency: 'USDT', amount: '10', reason: 'funding' },
          { token: op2 },
        ),
      );
      okData(
        await t2.call(
          CALLS.ledgerAdjust,
          { user: u.email, currency: 'BTC', amount: '1', reason: 'funding' },
          { token: op2 },
        ),
      );
      // A silent edit: no journal entry.
      await t2.store.db.execute(
        sql`update accounts set balance = balance + 1 where user_id = ${u.id} and currency_id = 1`,
      );
      // A lock nobody's order holds.
      await t2.store.db.execute(
        sql`update accounts set balance = balance - 0.5, lock_balance = lock_balance + 0.5 where user_id = ${u.id} and currency_id = 2`,
      );
      const report = CALLS.audit.response.parse(
        okData(await t2.call(CALLS.audit, {}, { token: op2 })),
      );
      expect(report.ok).toBe(false);
      expect(report.currencies.find((c) => c.currency === 'USDT')).toMatchObject({
        sum: '1',
        unposted_accounts: 1,
        ok: false,
      });
      expect(report.currencies.find((c) => c.currency === 'BTC')).toMatchObject({
        sum: '0',
        locked: '0.5',
        reserved_by_orders: '0',
        unposted_accounts: 1,
        ok: false,
      });
      expect(report.currencies.filter((c) => !c.ok).map((c) => c.currency)).toEqual([
        'USDT',
        'BTC',
      ]);
      await expect(assertAudit(t2.store)).rejects.toThrow(/ledger audit failed/);
      // close() still closes everything, then reports the failed audit.
      closed = true;
      await expect(t2.close()).rejects.toThrow(/ledger audit failed[\s\S]*USDT/);
      await expect(t2.close()).rejects.toThrow(/ledger audit failed/);
    } finally {
      if (!closed) await t2.close({ skipAudit: true });
    }
  });

  it('detects a negative balance; close({ skipAudit }) is the opt-out', async () => {
    const t3 = await createTestApp();
    try {
      const u = await signUpEmail(t3);
      const op3 = await operatorToken(t3);
      okData(
        await t3.call(
          CALLS.ledgerAdjust,
          { user: u.email, currency: 'ETH', amount: '1', reason: 'funding' },
          { token: op3 },
        ),
      );
      await t3.store.db.execute(
        sql`update accounts set balance = balance - 2 where user_id = ${u.id} and currency_id = 3`,
      );
      const report = CALLS.audit.response.parse(
        okData(await t3.call(CALLS.audit, {}, { token: op3 })),
      );
      expect(report.currencies.find((c) => c.currency === 'ETH')).toMatchObject({
        negative_accounts: 1,
        ok: false,
      });
    } finally {
      await t3.close({ skipAudit: true });
    }
  });
});
