/**
 * The ledger's rules in one suite (over 400 lines on purpose): balancing per currency, no
 * negative balance but the outside world's, atomic entries, locks, account opening and the
 * postings the sink receives. They are one object's contract, read best side by side.
 */
import { describe, expect, it } from 'vitest';
import { JOURNAL_KIND, type JournalKind } from '@exchange/contract';
import {
  ACCOUNT_TYPE,
  CORE_SYSTEM_ACCOUNTS,
  Ledger,
  type Account,
  type JournalRow,
  type LedgerSink,
  type Posting,
  type PostingRow,
} from './ledger.js';

const AT = new Date('2026-11-25T10:00:00.000Z');
const USDT = 1;
const BTC = 2;
const TRADE = ACCOUNT_TYPE.trade;

/** A sink that records what the ledger reports, as the core's batch would receive it. */
class RecordingSink implements LedgerSink {
  readonly journals: { row: JournalRow; postings: PostingRow[] }[] = [];
  readonly accounts: { account: Account; opened: boolean }[] = [];
  journal(row: JournalRow, postings: PostingRow[]) {
    this.journals.push({ row, postings });
  }
  account(account: Account, opened?: boolean) {
    // A copy: the ledger changes the same object later.
    this.accounts.push({ account: { ...account }, opened: opened ?? false });
  }
  clear() {
    this.journals.length = 0;
    this.accounts.length = 0;
  }
}

function userAccount(
  id: number,
  userId: number,
  currencyId: number,
  available: bigint,
  locked = 0n,
) {
  return { id, userId, systemCode: null, currencyId, type: TRADE, available, locked } as Account;
}

/**
 * A ledger with three users' USDT and BTC trade accounts loaded from the store, and the system
 * accounts opened on first use.
 */
function setup() {
  const loaded: Account[] = [
    userAccount(1, 1, USDT, 100n, 40n),
    userAccount(2, 2, USDT, 50n),
    userAccount(3, 1, BTC, 7n, 3n),
    userAccount(4, 2, BTC, 0n),
    userAccount(5, 3, USDT, 10n),
  ];
  const sink = new RecordingSink();
  const ledger = new Ledger(loaded, { nextAccountId: 100, nextJournalId: 500 }, sink);
  const a = {
    u1usdt: ledger.user(1, USDT, TRADE),
    u2usdt: ledger.user(2, USDT, TRADE),
    u1btc: ledger.user(1, BTC, TRADE),
    u2btc: ledger.user(2, BTC, TRADE),
    u3usdt: ledger.user(3, USDT, TRADE),
  };
  return { ledger, sink, a };
}

/** Every balance of the ledger, to compare before and after a refused entry. */
function balances(ledger: Ledger) {
  return [...ledger.all()]
    .map((a) => `${a.id}:${a.userId}:${a.systemCode}:${a.currencyId}:${a.available}:${a.locked}`)
    .sort();
}

const entry = (kind: JournalKind = JOURNAL_KIND.adjust) => ({ kind, at: AT });

/** Asserts the entry is refused with `message` and that nothing changed or was reported. */
function expectRefused(ledger: Ledger, sink: RecordingSink, postings: Posting[], message: RegExp) {
  const before = balances(ledger);
  sink.clear();
  expect(() => ledger.post(entry(), postings)).toThrow(message);
  expect(balances(ledger)).toEqual(before);
  expect(sink.journals).toEqual([]);
  expect(sink.accounts).toEqual([]);
}

describe('Ledger.post: postings sum to zero per currency', () => {
  it('applies a balanced entry and reports it', () => {
    const { ledger, sink, a } = setup();
    sink.clear();
    const id = ledger.post({ kind: 'transfer', refId: 9, actorId: 4, reason: 'why', at: AT }, [
      { account: a.u1usdt, bucket: 0, amount: -30n },
      { account: a.u2usdt, bucket: 0, amount: 30n },
      // A zero posting changes nothing and is not written.
      { account: a.u1btc, bucket: 0, amount: 0n },
    ]);
    expect(id).toBe(500);
    expect(a.u1usdt.available).toBe(70n);
    expect(a.u1usdt.locked).toBe(40n);
    expect(a.u2usdt.available).toBe(80n);
    expect(a.u1btc.available).toBe(7n);
    expect(sink.journals).toEqual([
      {
        row: { id: 500, kind: 'transfer', refId: 9, actorId: 4, reason: 'why', createdAt: AT },
        postings: [
          { journalId: 500, accountId: 1, currencyId: USDT, bucket: 0, amount: -30n },
          { journalId: 500, accountId: 2, currencyId: USDT, bucket: 0, amount: 30n },
        ],
      },
    ]);
    expect(sink.accounts.map((r) => [r.account.id, r.account.available, r.opened])).toEqual([
      [1, 70n, false],
      [2, 80n, false],
    ]);
  });

  it('refuses an entry that does not balance', () => {
    const { ledger, sink, a } = setup();
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: -30n },
        { account: a.u2usdt, bucket: 0, amount: 31n },
      ],
      /does not balance in currency 1/,
    );
    // Money created from nothing, with no posting taking it from anywhere.
    expectRefused(
      ledger,
      sink,
      [{ account: a.u2usdt, bucket: 0, amount: 5n }],
      /does not balance in currency 1/,
    );
  });

  it('refuses an entry that balances in total but not in each currency', () => {
    const { ledger, sink, a } = setup();
    // 5 BTC units for 5 USDT units: the amounts sum to zero, each currency does not.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1btc, bucket: 0, amount: -5n },
        { account: a.u2usdt, bucket: 0, amount: 5n },
      ],
      /does not balance/,
    );
    // USDT balances, BTC does not.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: -10n },
        { account: a.u2usdt, bucket: 0, amount: 10n },
        { account: a.u1btc, bucket: 0, amount: -2n },
        { account: a.u2btc, bucket: 0, amount: 1n },
      ],
      /does not balance in currency 2/,
    );
  });

  it('refuses a move between the buckets of two currencies', () => {
    const { ledger, sink, a } = setup();
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: -10n },
        { account: a.u1btc, bucket: 1, amount: 10n },
      ],
      /does not balance/,
    );
  });
});

describe('Ledger.post: no balance below zero', () => {
  it('refuses taking more than is available', () => {
    const { ledger, sink, a } = setup();
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: -101n },
        { account: a.u2usdt, bucket: 0, amount: 101n },
      ],
      /would leave account 1 negative/,
    );
    // From an empty account.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u2btc, bucket: 0, amount: -1n },
        { account: a.u1btc, bucket: 0, amount: 1n },
      ],
      /would leave account 4 negative/,
    );
  });

  it('refuses taking more than is locked, though the account holds enough in total', () => {
    const { ledger, sink, a } = setup();
    // 100 available and 40 locked: 41 cannot be paid from locked.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 1, amount: -41n },
        { account: a.u2usdt, bucket: 0, amount: 41n },
      ],
      /would leave account 1 negative/,
    );
    // 7 available and 3 locked: 8 cannot be paid from available either.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1btc, bucket: 0, amount: -8n },
        { account: a.u2btc, bucket: 0, amount: 8n },
      ],
      /would leave account 3 negative/,
    );
  });

  it('allows a balance to reach exactly zero', () => {
    const { ledger, a } = setup();
    ledger.post(entry(), [
      { account: a.u1usdt, bucket: 0, amount: -100n },
      { account: a.u1usdt, bucket: 1, amount: -40n },
      { account: a.u2usdt, bucket: 0, amount: 140n },
    ]);
    expect([a.u1usdt.available, a.u1usdt.locked, a.u2usdt.available]).toEqual([0n, 0n, 190n]);
  });

  it('judges an account by its balance after all of the entry’s postings', () => {
    const { ledger, sink, a } = setup();
    // Out 150 and in 60 of the same account: 10 left, allowed.
    ledger.post(entry(), [
      { account: a.u1usdt, bucket: 0, amount: -150n },
      { account: a.u2usdt, bucket: 0, amount: 90n },
      { account: a.u1usdt, bucket: 0, amount: 60n },
    ]);
    expect(a.u1usdt.available).toBe(10n);
    expect(a.u2usdt.available).toBe(140n);
    // Out 30 and in 19 of an account holding 10: one unit short.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: 19n },
        { account: a.u2usdt, bucket: 0, amount: 11n },
        { account: a.u1usdt, bucket: 0, amount: -30n },
      ],
      /would leave account 1 negative/,
    );
  });

  it('opens only system accounts that are registered, and lets a product register its own', () => {
    const { ledger } = setup();
    expect(() => ledger.system('lever-house', USDT)).toThrow(/lever-house is not registered/);
    const withHouse = new Ledger([], { nextAccountId: 1, nextJournalId: 1 }, new RecordingSink(), [
      ...CORE_SYSTEM_ACCOUNTS,
      { code: 'lever-house', purpose: 'a product counterparty' },
    ]);
    expect(withHouse.system('lever-house', USDT).systemCode).toBe('lever-house');
    // A registered product account is not the outside world: it may not go below zero.
    const house = withHouse.system('lever-house', USDT);
    const outside = withHouse.system('outside', USDT);
    expect(() =>
      withHouse.post(entry('adjust'), [
        { account: house, bucket: 0, amount: -1n },
        { account: outside, bucket: 0, amount: 1n },
      ]),
    ).toThrow(/negative/);
  });

  it('lets only the outside world go below zero', () => {
    const { ledger, sink, a } = setup();
    const outside = ledger.system('outside', USDT);
    ledger.post(entry('deposit'), [
      { account: a.u1usdt, bucket: 0, amount: 25n },
      { account: outside, bucket: 0, amount: -25n },
    ]);
    expect(outside.available).toBe(-25n);
    expect(a.u1usdt.available).toBe(125n);
    // The fee account may not.
    const fee = ledger.system('fee', USDT);
    expectRefused(
      ledger,
      sink,
      [
        { account: fee, bucket: 0, amount: -1n },
        { account: a.u1usdt, bucket: 0, amount: 1n },
      ],
      new RegExp(`would leave account ${fee.id} negative`),
    );
    // Nor a user's account paying the outside world.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u3usdt, bucket: 0, amount: -11n },
        { account: outside, bucket: 0, amount: 11n },
      ],
      /would leave account 5 negative/,
    );
  });
});

describe('Ledger.post: all or nothing', () => {
  it('changes no balance when a later posting would go below zero', () => {
    const { ledger, sink, a } = setup();
    // The first two postings are fine on their own; the last two take user 3 below zero.
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: -20n },
        { account: a.u2usdt, bucket: 0, amount: 20n },
        { account: a.u1btc, bucket: 0, amount: -2n },
        { account: a.u2btc, bucket: 0, amount: 2n },
        { account: a.u2usdt, bucket: 0, amount: 11n },
        { account: a.u3usdt, bucket: 0, amount: -11n },
      ],
      /would leave account 5 negative/,
    );
    expect([a.u1usdt.available, a.u2usdt.available, a.u1btc.available, a.u2btc.available]).toEqual([
      100n,
      50n,
      7n,
      0n,
    ]);
  });

  it('changes no balance when the last currency does not balance', () => {
    const { ledger, sink, a } = setup();
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u1usdt, bucket: 0, amount: -20n },
        { account: a.u2usdt, bucket: 0, amount: 20n },
        { account: a.u1btc, bucket: 0, amount: -2n },
        { account: a.u2btc, bucket: 0, amount: 3n },
      ],
      /does not balance in currency 2/,
    );
  });

  it('uses no journal id for a refused entry', () => {
    const { ledger, sink, a } = setup();
    expectRefused(
      ledger,
      sink,
      [
        { account: a.u3usdt, bucket: 0, amount: -11n },
        { account: a.u2usdt, bucket: 0, amount: 11n },
      ],
      /negative/,
    );
    const id = ledger.post(entry(), [
      { account: a.u3usdt, bucket: 0, amount: -10n },
      { account: a.u2usdt, bucket: 0, amount: 10n },
    ]);
    expect(id).toBe(500);
  });
});

describe('Ledger.lock', () => {
  it('locks from available and unlocks back', () => {
    const { ledger, sink, a } = setup();
    sink.clear();
    const first = ledger.lock(a.u1usdt, 60n, 'order.lock', 7, AT);
    expect([a.u1usdt.available, a.u1usdt.locked]).toEqual([40n, 100n]);
    const second = ledger.lock(a.u1usdt, -100n, 'order.unlock', 7, AT);
    expect([a.u1usdt.available, a.u1usdt.locked]).toEqual([140n, 0n]);
    expect([first, second]).toEqual([500, 501]);
    expect(sink.journals.map((j) => [j.row.kind, j.row.refId, j.postings.length])).toEqual([
      ['order.lock', 7, 2],
      ['order.unlock', 7, 2],
    ]);
  });

  it('cannot lock more than is available', () => {
    const { ledger, sink, a } = setup();
    const before = balances(ledger);
    sink.clear();
    expect(() => ledger.lock(a.u1usdt, 101n, 'order.lock', 1, AT)).toThrow(/negative/);
    expect(balances(ledger)).toEqual(before);
    expect(sink.journals).toEqual([]);
    expect(sink.accounts).toEqual([]);
  });

  it('cannot unlock more than is locked', () => {
    const { ledger, sink, a } = setup();
    const before = balances(ledger);
    sink.clear();
    // 40 locked: unlocking 41 would leave -1 locked and 141 available.
    expect(() => ledger.lock(a.u1usdt, -41n, 'order.unlock', 1, AT)).toThrow(
      /would leave account 1 negative/,
    );
    // Nothing locked at all.
    expect(() => ledger.lock(a.u2usdt, -1n, 'order.unlock', 1, AT)).toThrow(
      /would leave account 2 negative/,
    );
    expect(balances(ledger)).toEqual(before);
    expect(sink.journals).toEqual([]);
    expect(sink.accounts).toEqual([]);
    // Exactly what is locked may be unlocked.
    ledger.lock(a.u1usdt, -40n, 'order.unlock', 1, AT);
    expect([a.u1usdt.available, a.u1usdt.locked]).toEqual([140n, 0n]);
  });

  it('locks nothing for zero', () => {
    const { ledger, sink, a } = setup();
    sink.clear();
    ledger.lock(a.u2btc, 0n, 'order.lock', 1, AT);
    expect([a.u2btc.available, a.u2btc.locked]).toEqual([0n, 0n]);
    expect(sink.journals).toHaveLength(1);
    expect(sink.journals[0]?.postings).toEqual([]);
  });
});

describe('Ledger accounts and journal ids', () => {
  it('reports each new account to the sink once, with the next id, and never a loaded one', () => {
    const { ledger, sink } = setup();
    // `setup` only looked up loaded accounts: nothing was reported.
    expect(sink.accounts).toEqual([]);
    const fresh = ledger.user(9, USDT, ACCOUNT_TYPE.legal);
    const outside = ledger.system('outside', BTC);
    const fee = ledger.system('fee', BTC);
    expect([fresh.id, outside.id, fee.id]).toEqual([100, 101, 102]);
    expect(fresh).toMatchObject({
      userId: 9,
      systemCode: null,
      currencyId: USDT,
      type: ACCOUNT_TYPE.legal,
      available: 0n,
      locked: 0n,
    });
    expect(outside).toMatchObject({ userId: null, systemCode: 'outside', type: 0 });
    expect(sink.accounts).toEqual([
      { account: { ...fresh }, opened: true },
      { account: { ...outside }, opened: true },
      { account: { ...fee }, opened: true },
    ]);
    // The same accounts again: the same objects, not reported again.
    expect(ledger.user(9, USDT, ACCOUNT_TYPE.legal)).toBe(fresh);
    expect(ledger.system('outside', BTC)).toBe(outside);
    expect(ledger.user(1, USDT, TRADE).id).toBe(1);
    expect(sink.accounts).toHaveLength(3);
    // Other types and currencies of a user are other accounts.
    expect(ledger.user(9, USDT, TRADE).id).toBe(103);
    expect(ledger.user(9, BTC, ACCOUNT_TYPE.legal).id).toBe(104);
    expect(sink.accounts.map((r) => [r.account.id, r.opened])).toEqual([
      [100, true],
      [101, true],
      [102, true],
      [103, true],
      [104, true],
    ]);
  });

  it('finds and reads balances without opening accounts', () => {
    const { ledger, sink } = setup();
    expect(ledger.find(1, USDT, TRADE)?.id).toBe(1);
    expect(ledger.find(9, USDT, TRADE)).toBeUndefined();
    expect(ledger.available(1, USDT, TRADE)).toBe(100n);
    expect(ledger.available(9, USDT, TRADE)).toBe(0n);
    expect(sink.accounts).toEqual([]);
    expect([...ledger.all()]).toHaveLength(5);
  });

  it('gives journal entries increasing ids from the loaded next id', () => {
    const { ledger, sink, a } = setup();
    sink.clear();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        ledger.post(entry(), [
          { account: a.u1usdt, bucket: 0, amount: -1n },
          { account: a.u2usdt, bucket: 0, amount: 1n },
        ]),
      );
    }
    ids.push(ledger.lock(a.u1btc, 1n, 'order.lock', 1, AT));
    expect(ids).toEqual([500, 501, 502, 503, 504]);
    expect(sink.journals.map((j) => j.row.id)).toEqual(ids);
    for (const j of sink.journals) for (const p of j.postings) expect(p.journalId).toBe(j.row.id);
  });
});
