import { ACCOUNT_TYPE, earnMaths, JOURNAL_KIND } from '@exchange/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, credit, seededStore, USDT } from '../../../test/handler-helpers.js';
import { silent } from '../../../test/silent-log.js';
import { SimClock } from '../../../test/sim/clock.js';
import { units } from '../../core/amounts.js';
import { Rejected } from '../../core/result.js';
import type { Store } from '../../db/client.js';
import { journal } from '../../db/schema.js';
import { auditLedger, startProducts, type Products } from '../../products.js';
import { EARN_INTEREST } from './handler.js';
import type { EarnTerms } from './types.js';

const FINANCIAL = ACCOUNT_TYPE.financial;
const OPERATOR = 1;
const BOB = 1003;
/** 2026-03-01 10:00 in Bangkok (03:00 UTC). */
const START = Date.UTC(2026, 2, 1, 3, 0);
const DAY = earnMaths.EARN_DAY.ms;

const TERMS: EarnTerms = {
  currencyId: USDT,
  currencyCode: 'USDT',
  decimals: 2,
  names: { en: '30-day test savings' },
  yieldSources: { en: 'the operator funds it' },
  days: 30,
  rate: '0.1',
  min: units('10'),
  max: units('10000'),
  maxPerUser: units('15000'),
  quota: units('100000'),
  saleStart: null,
  saleEnd: null,
};

let store: Store | undefined;
let p: Products | undefined;
let clock: SimClock;

afterEach(async () => {
  p?.core.stopTimers();
  await p?.core.close();
  await store?.close();
  p = undefined;
  store = undefined;
});

async function start(at = START) {
  store ??= await seededStore();
  clock = new SimClock(at);
  p = await startProducts(store, silent, { clock });
  return p;
}

/** Stops the core as a server does and starts a new one from the store. */
async function restart(downFor = 0) {
  const old = p as Products;
  old.core.stopTimers();
  await old.core.close();
  const now = clock.now() + downFor;
  const next = await start(now);
  next.core.startTimers();
  // The days missed are paid by the timer set for now.
  await clock.advance(0, () => next.core.close());
  return next;
}

const account = (q: Products, userId: number | null, type = FINANCIAL) =>
  userId === null
    ? q.core.ledger.system(EARN_INTEREST, USDT)
    : q.core.ledger.user(userId, USDT, type);

async function advance(days: number) {
  const q = p as Products;
  await clock.advance(days * DAY, () => (p as Products).core.close());
  return q;
}

async function funded(reserve = '100') {
  const q = await start();
  const product = await q.earn.create({ ...TERMS }, OPERATOR);
  await q.earn.fund(product.id, units(reserve), 'test funding', OPERATOR);
  await credit(q, ALICE, USDT, '5000', FINANCIAL);
  return { q, id: product.id };
}

describe('earn: the interest of a whole term is reserved before a subscription is accepted', () => {
  it('takes the principal into a lock and the term interest out of the reserve', async () => {
    const { q, id } = await funded();
    // 1000 × 0.1 / 365 = 0.2739… → 0.27 a day, 8.10 for 30 days.
    const s = await q.earn.subscribe(ALICE, id, units('1000'));
    expect(s.daily).toBe(units('0.27'));
    expect(account(q, ALICE)).toMatchObject({ available: units('4000'), locked: units('1000') });
    expect(account(q, null)).toMatchObject({ available: units('91.9'), locked: units('8.1') });
    expect(q.earn.products.get(id)).toMatchObject({ reserve: units('91.9'), owed: units('8.1') });
    await q.core.close();
    expect((await auditLedger((store as Store).db)).ok).toBe(true);
  });

  it('refuses when the reserve cannot cover the term, and changes nothing', async () => {
    const { q, id } = await funded('8');
    const before = JSON.stringify(q.earn.snapshot());
    const refused = () => q.earn.subscribe(ALICE, id, units('1000'));
    expect(refused).toThrow(Rejected);
    expect(refused).toThrow(expect.objectContaining({ code: 'EARN_SOLD_OUT' }) as Error);
    expect(JSON.stringify(q.earn.snapshot())).toBe(before);
    expect(account(q, ALICE)).toMatchObject({ available: units('5000'), locked: 0n });
    // A smaller one still fits: 200 → 0.05 a day, 1.50 the term.
    await q.earn.subscribe(ALICE, id, units('200'));
    // The list says sold out once a minimum subscription no longer fits (10 → 0.00 a day: fits).
    expect(q.earn.soldOut(q.earn.products.get(id) as never)).toBe(false);
  });

  it('shows a product sold out when its reserve cannot pay a minimum subscription', async () => {
    const q = await start();
    const product = await q.earn.create({ ...TERMS, min: units('1000') }, OPERATOR);
    expect(q.earn.soldOut(product)).toBe(true);
    await q.earn.fund(product.id, units('8.1'), 'exactly one minimum', OPERATOR);
    expect(q.earn.soldOut(q.earn.products.get(product.id) as never)).toBe(false);
  });

  it('refuses amounts out of range, over the quota, over the user limit, or unfunded', async () => {
    const { q, id } = await funded('1000');
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as Rejected).code;
      }
      return 'taken';
    };
    expect(code(() => q.earn.subscribe(ALICE, id, units('5')))).toBe('EARN_AMOUNT_RANGE');
    expect(code(() => q.earn.subscribe(ALICE, id, units('10.001')))).toBe('AMOUNT_PRECISION');
    expect(code(() => q.earn.subscribe(ALICE, id, units('6000')))).toBe('INSUFFICIENT_FUNDS');
    await credit(q, ALICE, USDT, '20000', FINANCIAL);
    await q.earn.subscribe(ALICE, id, units('10000'));
    expect(code(() => q.earn.subscribe(ALICE, id, units('5001')))).toBe('EARN_USER_LIMIT');
    await q.earn.setStatus(id, 2, 'paused for the test', OPERATOR);
    expect(code(() => q.earn.subscribe(ALICE, id, units('10')))).toBe('EARN_NOT_ON_SALE');
    expect(code(() => q.earn.update(id, { ...TERMS }, OPERATOR))).toBe('EARN_TERMS_LOCKED');
    // A draw never takes what is owed.
    const reserve = q.earn.products.get(id)?.reserve ?? 0n;
    expect(code(() => q.earn.fund(id, -(reserve + units('0.01')), 'too much', OPERATOR))).toBe(
      'EARN_RESERVE',
    );
    await q.earn.fund(id, -reserve, 'all that is not promised', OPERATOR);
    expect(account(q, null).available).toBe(0n);
  });
});

describe('earn: the quota counts every subscription made', () => {
  it('refuses what goes over the quota, matured ones included', async () => {
    const q = await start();
    const product = await q.earn.create(
      { ...TERMS, days: 1, quota: units('30'), maxPerUser: units('30') },
      OPERATOR,
    );
    await q.earn.fund(product.id, units('1'), 'test funding', OPERATOR);
    await credit(q, ALICE, USDT, '100', FINANCIAL);
    await q.earn.subscribe(ALICE, product.id, units('20'));
    expect(() => q.earn.subscribe(ALICE, product.id, units('11'))).toThrow(
      expect.objectContaining({ code: 'EARN_QUOTA' }) as Error,
    );
    q.core.startTimers();
    await advance(2);
    expect(q.earn.active.size).toBe(0);
    // Matured: the principal is back, the quota still counts it.
    expect(() => q.earn.subscribe(ALICE, product.id, units('11'))).toThrow(
      expect.objectContaining({ code: 'EARN_QUOTA' }) as Error,
    );
    await q.earn.subscribe(ALICE, product.id, units('10'));
  });
});

describe('earn: interest accrues each Bangkok day, once, and the principal unlocks at maturity', () => {
  it('pays 30 days exactly once across a restart in the middle and a day missed while down', async () => {
    const { q, id } = await funded();
    q.core.startTimers();
    await q.earn.subscribe(ALICE, id, units('1000'));
    await credit(q, BOB, USDT, '300', FINANCIAL);
    await q.earn.subscribe(BOB, id, units('300'));
    await q.core.close();
    // The first payment is at the next 00:00 in Bangkok (17:00 UTC), 14 hours later.
    await clock.advance(14 * 3_600_000 - 1, () => q.core.close());
    expect(account(q, ALICE).available).toBe(units('4000'));
    await clock.advance(1, () => q.core.close());
    expect(account(q, ALICE).available).toBe(units('4000.27'));
    await advance(14);
    expect(account(q, ALICE).available).toBe(units('4000') + 15n * units('0.27'));
    // Down for a day and a half: the days missed are paid at start, each once.
    let r = await restart(1.5 * DAY);
    expect(account(r, ALICE).available).toBe(units('4000') + 16n * units('0.27'));
    r = await restart(0);
    expect(account(r, ALICE).available).toBe(units('4000') + 16n * units('0.27'));
    await r.earn.accrue();
    expect(account(r, ALICE).available).toBe(units('4000') + 16n * units('0.27'));
    await advance(13);
    expect(account(r, ALICE)).toMatchObject({
      available: units('4000') + 29n * units('0.27'),
      locked: units('1000'),
    });
    await advance(1);
    // Day 30: the last interest and the principal, the same instant.
    expect(account(r, ALICE)).toMatchObject({ available: units('5008.1'), locked: 0n });
    expect(account(r, BOB)).toMatchObject({
      available: units('300') + 30n * units('0.08'),
      locked: 0n,
    });
    await advance(5);
    expect(account(r, ALICE).available).toBe(units('5008.1'));
    expect(r.earn.active.size).toBe(0);
    expect(r.earn.products.get(id)).toMatchObject({
      owed: 0n,
      paid: units('8.1') + units('2.4'),
      reserve: units('100') - units('10.5'),
    });
    expect(account(r, null)).toMatchObject({ available: units('89.5'), locked: 0n });
    const db = (store as Store).db;
    const [paid] = await db
      .select({ n: count() })
      .from(journal)
      .where(eq(journal.kind, JOURNAL_KIND.earnInterest));
    // One entry per day and subscription: none twice, none skipped.
    expect(paid?.n).toBe(2 * 30);
    const report = await auditLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
