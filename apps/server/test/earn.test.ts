import {
  CALLS,
  type EarnProduct,
  type EarnProductAdmin,
  type EarnSubscription,
} from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD, setPayPassword } from './assets-helpers.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import { operatorToken, trader, USDT, type Trader } from './spot-helpers.js';

/** An earning day of this many ms in these tests (EARN_DAY_MS). */
const DAY_MS = 1_000;
const FINANCIAL = 5;

let t: TestApp;
let op: string;
let alice: Trader;

const TERMS = {
  currency_id: USDT,
  name: { en: 'Two-day savings', vi: 'Tiết kiệm hai ngày' },
  days: 2,
  rate: '0.365',
  min_number: '10',
  max_number: '1000',
  max_per_user: '1500',
  quota: '5000',
  yield_source: 'Funded by the operator before sale',
};

const admin = async <T>(call: (typeof CALLS)[keyof typeof CALLS], params: object) =>
  okData(await t.call(call, params, { token: op })) as T;

async function create(terms: object = TERMS) {
  return admin<EarnProductAdmin>(CALLS.adminIeoCreate, terms);
}

async function financial(user: Trader): Promise<{ balance: string; lock_balance: string }> {
  const groups = okData(await t.call(CALLS.accountList, {}, { token: user.token })) as {
    account_type_id?: number;
    type?: number;
    accounts?: { currency_id: number; balance: string; lock_balance: string }[];
  }[];
  for (const g of groups) {
    const type = g.account_type_id ?? g.type;
    if (type !== FINANCIAL) continue;
    const row = g.accounts?.find((a) => a.currency_id === USDT);
    if (row) return { balance: row.balance, lock_balance: row.lock_balance };
  }
  return { balance: '0', lock_balance: '0' };
}

const subscribe = (user: Trader, body: Record<string, unknown>, lang = 'en') =>
  t.call(CALLS.ieoAdd, { pay_password: PAY_PASSWORD, ...body }, { token: user.token, lang });

beforeAll(async () => {
  t = await createTestApp({ earnDay: { ms: DAY_MS, offsetMs: 0 } });
  op = await operatorToken(t);
  alice = await trader(t, op, { USDT: '3000' });
  await setPayPassword(t, alice);
  okData(
    await t.call(
      CALLS.transfer,
      { currency_id: USDT, balance: '2000', from: 1, to: FINANCIAL },
      { token: alice.token },
    ),
  );
});

afterAll(async () => {
  await t.close();
});

describe('earning products: the operator creates and funds, the list tells what is sold', () => {
  it('refuses the operator calls to a trader and bad terms with the rule broken', async () => {
    expectError(
      await t.call(CALLS.adminIeoCreate, TERMS, { token: alice.token }),
      403,
      'auth.admin_only',
    );
    const bad = await t.call(CALLS.adminIeoCreate, { ...TERMS, rate: '12' }, { token: op });
    expectError(bad, 422, 'earn.terms_invalid');
    expect(bad.body.message).toMatch(/rate/);
    expectError(
      await t.call(CALLS.adminIeoCreate, { ...TERMS, max_number: '5' }, { token: op }),
      422,
      'earn.terms_invalid',
    );
    expectError(
      await t.call(CALLS.adminIeoCreate, { ...TERMS, min_number: '0.001' }, { token: op }),
      422,
      'amount.precision',
    );
    expectError(
      await t.call(CALLS.adminIeoCreate, { ...TERMS, name: { vi: 'only vi' } }, { token: op }),
      422,
      'earn.p_name',
    );
  });

  it('lists a new product as sold out until its interest is funded', async () => {
    const p = await create();
    expect(p).toMatchObject({ days: 2, rate: '0.365', reserve: '0', sold_out: 1, payout: 'daily' });
    const list = okData(await t.call(CALLS.ieoList, {}, { lang: 'vi' })) as {
      per_page: number;
      data: EarnProduct[];
    };
    expect(list.per_page).toBe(30);
    expect(list.data.find((r) => r.id === p.id)).toMatchObject({
      name: 'Tiết kiệm hai ngày',
      sold_out: 1,
      holding: '0',
    });
    const funded = await admin<EarnProductAdmin>(CALLS.adminIeoFund, {
      id: p.id,
      amount: '5',
      reason: 'interest for the test',
    });
    expect(funded).toMatchObject({ reserve: '5', sold_out: 0 });
    // A draw of more than is unpromised is refused; of less, it goes back out.
    expectError(
      await t.call(
        CALLS.adminIeoFund,
        { id: p.id, amount: '-6', reason: 'too much' },
        { token: op },
      ),
      422,
      'earn.reserve_short',
    );
  });
});

describe('earning products: subscribing reserves the term interest first', () => {
  let product: EarnProductAdmin;
  beforeAll(async () => {
    product = await create({ ...TERMS, name: 'Subscription test' });
    // 1000 × 0.365 / 365 = 1 a day: 2 for the term. Reserve 3: one 1000 and one 500 fit.
    await admin(CALLS.adminIeoFund, { id: product.id, amount: '3', reason: 'test reserve' });
  });

  it('asks for the amount and the trade password, then checks it', async () => {
    expectError(await subscribe(alice, { id: product.id }), 422, 'earn.p_number');
    expectError(
      await subscribe(alice, { id: product.id, number: '100', pay_password: '' }),
      422,
      'earn.p_password',
    );
    expectError(
      await subscribe(alice, { id: product.id, number: '100', pay_password: 'wrong999' }),
      422,
      'paypass.wrong',
    );
    expectError(await subscribe(alice, { id: 9999, number: '100' }), 404, 'earn.not_found');
    expectError(await subscribe(alice, { id: product.id, number: '5' }), 422, 'earn.amount_range');
    expectError(
      await subscribe(alice, { id: product.id, number: '10.001' }),
      422,
      'amount.precision',
    );
  });

  it('takes the principal into a holding and shows it in the earning log', async () => {
    const before = await financial(alice);
    const s = okData(
      await subscribe(alice, { id: product.id, number: '1000' }),
    ) as EarnSubscription;
    expect(s).toMatchObject({
      ieo_id: product.id,
      number: '1000',
      daily_dividend: '1',
      total_interest: '2',
      income: '0',
      paid_days: 0,
      remain_days: 2,
      status: 1,
    });
    expect(await financial(alice)).toEqual({
      balance: String(Number(before.balance) - 1000),
      lock_balance: '1000',
    });
    const log = okData(await t.call(CALLS.ieoMy, {}, { token: alice.token })) as {
      data: EarnSubscription[];
    };
    expect(log.data[0]).toMatchObject({ id: s.id, name: 'Subscription test', status: 1 });
    const [row] = (await admin<EarnProductAdmin[]>(CALLS.adminIeoList, {})).filter(
      (p) => p.id === product.id,
    );
    expect(row).toMatchObject({
      reserve: '1',
      owed: '2',
      principal: '1000',
      active: 1,
      editable: false,
    });
  });

  it('refuses what the reserve cannot pay, and terms once somebody subscribed', async () => {
    // 600 more would need 1.2 of interest; 1 is left.
    expectError(await subscribe(alice, { id: product.id, number: '600' }), 422, 'earn.sold_out');
    expectError(
      await t.call(CALLS.adminIeoUpdate, { id: product.id, ...TERMS }, { token: op }),
      409,
      'earn.terms_locked',
    );
    await admin(CALLS.adminIeoFund, { id: product.id, amount: '10', reason: 'more reserve' });
    expectError(await subscribe(alice, { id: product.id, number: '600' }), 422, 'earn.user_limit');
    await admin(CALLS.adminIeoFund, { id: product.id, amount: '-10', reason: 'back again' });
  });

  it('pays each earning day and unlocks the principal at maturity', async () => {
    // A 2-day term matures within 3 earning days.
    let log: EarnSubscription | undefined;
    for (let i = 0; i < 50; i++) {
      const page = okData(await t.call(CALLS.ieoMy, {}, { token: alice.token })) as {
        data: EarnSubscription[];
      };
      log = page.data.find((s) => s.ieo_id === product.id);
      if (log?.status === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(log).toMatchObject({ status: 2, income: '2', paid_days: 2, remain_days: 0 });
    expect((await financial(alice)).lock_balance).toBe('0');
    const [row] = (await admin<EarnProductAdmin[]>(CALLS.adminIeoList, {})).filter(
      (p) => p.id === product.id,
    );
    expect(row).toMatchObject({ owed: '0', paid: '2', active: 0 });
  });

  it('pauses, resumes and closes for good', async () => {
    const paused = await admin<EarnProductAdmin>(CALLS.adminIeoStatus, {
      id: product.id,
      status: 2,
      reason: 'pause for the test',
    });
    expect(paused.status).toBe(2);
    expectError(await subscribe(alice, { id: product.id, number: '10' }), 422, 'earn.not_on_sale');
    await admin(CALLS.adminIeoStatus, { id: product.id, status: 3, reason: 'closed for the test' });
    expectError(
      await t.call(
        CALLS.adminIeoStatus,
        { id: product.id, status: 1, reason: 'reopen' },
        { token: op },
      ),
      409,
      'earn.closed',
    );
    expectError(
      await t.call(
        CALLS.adminIeoFund,
        { id: product.id, amount: '1', reason: 'more' },
        { token: op },
      ),
      409,
      'earn.closed',
    );
    // What nobody was promised can still be drawn back.
    const drawn = await admin<EarnProductAdmin>(CALLS.adminIeoFund, {
      id: product.id,
      amount: '-1',
      reason: 'back to the treasury',
    });
    expect(drawn.reserve).toBe('0');
    const list = okData(await t.call(CALLS.ieoList, {})) as { data: EarnProduct[] };
    expect(list.data.some((p) => p.id === product.id)).toBe(false);
  });
});
