import { ACCOUNT_TYPE, type JournalKind } from '@exchange/contract';

/** Account types (ARCHITECTURE §4), kept in the contract; system accounts use type 0. */
export { ACCOUNT_TYPE };

/**
 * A system account: one per currency, owned by no user. The core has two of its own, the
 * outside world (deposits, withdrawals, operator adjustments) and fees; every other is a
 * product's (its counterparty, its insurance), registered by its module (src/product-module.ts)
 * and funded by the operator like any account. Stores of earlier versions may also hold a
 * 'convert' account (the conversion desk, now gone): it is read like any account and nothing
 * moves it any more.
 */
export interface SystemAccount {
  code: string;
  /** What it is for, in a sentence (docs and the operator's overview). */
  purpose: string;
  /** Only the outside world may go below zero: it mirrors what users hold from outside. */
  mayBeNegative?: boolean;
}

/** The core's own system accounts. */
export const CORE_SYSTEM_ACCOUNTS: readonly SystemAccount[] = [
  {
    code: 'outside',
    purpose: 'The outside world: deposits, withdrawals and operator adjustments.',
    mayBeNegative: true,
  },
  { code: 'fee', purpose: 'Fees taken by the exchange.' },
];

export interface Account {
  id: number;
  userId: number | null;
  systemCode: string | null;
  currencyId: number;
  type: number;
  available: bigint;
  locked: bigint;
}

export interface Posting {
  account: Account;
  /** 0 available, 1 locked. */
  bucket: 0 | 1;
  amount: bigint;
}

export interface JournalRow {
  id: number;
  kind: JournalKind;
  refId: number | null;
  actorId: number | null;
  reason: string | null;
  createdAt: Date;
}

export interface PostingRow {
  journalId: number;
  accountId: number;
  currencyId: number;
  bucket: number;
  amount: bigint;
}

/** Receives what the ledger changed, for the next group commit. */
export interface LedgerSink {
  journal(row: JournalRow, postings: PostingRow[]): void;
  /** An account changed; `opened` when it was just opened (it is not in the store yet). */
  account(account: Account, opened?: boolean): void;
}

/**
 * Balances in memory; every change is a journal entry whose postings sum to zero per currency and
 * leave no balance negative. Failing either is a bug in the caller, never a user error: callers
 * check funds first and report `balance.insufficient` themselves.
 */
export class Ledger {
  private readonly byKey = new Map<string, Account>();
  private nextAccountId: number;
  private nextJournalId: number;

  /** Codes of the system accounts that may be opened, and which of them may go below zero. */
  private readonly systemCodes = new Map<string, boolean>();

  constructor(
    loaded: Account[],
    ids: { nextAccountId: number; nextJournalId: number },
    private readonly sink: LedgerSink,
    systemAccounts: readonly SystemAccount[] = CORE_SYSTEM_ACCOUNTS,
  ) {
    for (const s of systemAccounts) this.systemCodes.set(s.code, s.mayBeNegative === true);
    for (const a of loaded)
      this.byKey.set(this.key(a.userId, a.systemCode, a.currencyId, a.type), a);
    this.nextAccountId = ids.nextAccountId;
    this.nextJournalId = ids.nextJournalId;
  }

  private key(userId: number | null, systemCode: string | null, currencyId: number, type: number) {
    return userId === null ? `s:${systemCode}:${currencyId}` : `u:${userId}:${currencyId}:${type}`;
  }

  find(userId: number, currencyId: number, type: number): Account | undefined {
    return this.byKey.get(this.key(userId, null, currencyId, type));
  }

  user(userId: number, currencyId: number, type: number): Account {
    return this.getOrCreate(userId, null, currencyId, type);
  }

  /** The system account `code` of a currency; `code` must be registered (a bug otherwise). */
  system(code: string, currencyId: number): Account {
    if (!this.systemCodes.has(code)) throw new Error(`system account ${code} is not registered`);
    return this.getOrCreate(null, code, currencyId, ACCOUNT_TYPE.system);
  }

  available(userId: number, currencyId: number, type: number): bigint {
    return this.find(userId, currencyId, type)?.available ?? 0n;
  }

  all(): IterableIterator<Account> {
    return this.byKey.values();
  }

  private getOrCreate(
    userId: number | null,
    systemCode: string | null,
    currencyId: number,
    type: number,
  ) {
    const key = this.key(userId, systemCode, currencyId, type);
    let account = this.byKey.get(key);
    if (!account) {
      account = {
        id: this.nextAccountId++,
        userId,
        systemCode,
        currencyId,
        type,
        available: 0n,
        locked: 0n,
      };
      this.byKey.set(key, account);
      this.sink.account(account, true);
    }
    return account;
  }

  /**
   * Applies one journal entry atomically; returns its id. An entry has a handful of postings (two
   * for a lock, six for a trade): the sums and resulting balances are kept in small arrays,
   * searched in place, rather than in maps built for each entry.
   */
  post(
    entry: {
      kind: JournalKind;
      refId?: number | null;
      actorId?: number | null;
      reason?: string | null;
      at: Date;
    },
    postings: Posting[],
  ): number {
    const live = postings.filter((p) => p.amount !== 0n);
    const currencies: number[] = [];
    const sums: bigint[] = [];
    // Accounts in order of first posting, each with its balances after the entry.
    const accounts: Account[] = [];
    const available: bigint[] = [];
    const locked: bigint[] = [];
    for (const p of live) {
      const c = currencies.indexOf(p.account.currencyId);
      if (c < 0) {
        currencies.push(p.account.currencyId);
        sums.push(p.amount);
      } else sums[c] = (sums[c] ?? 0n) + p.amount;
      let a = accounts.indexOf(p.account);
      if (a < 0) {
        a = accounts.push(p.account) - 1;
        available.push(p.account.available);
        locked.push(p.account.locked);
      }
      if (p.bucket === 0) available[a] = (available[a] ?? 0n) + p.amount;
      else locked[a] = (locked[a] ?? 0n) + p.amount;
    }
    for (let c = 0; c < currencies.length; c++) {
      const sum = sums[c] ?? 0n;
      if (sum !== 0n)
        throw new Error(
          `journal ${entry.kind} does not balance in currency ${currencies[c]}: ${sum}`,
        );
    }
    // Check every resulting balance before changing any of them.
    for (let a = 0; a < accounts.length; a++) {
      const account = accounts[a] as Account;
      const mayBeNegative =
        account.systemCode !== null && this.systemCodes.get(account.systemCode) === true;
      if (!mayBeNegative && ((available[a] ?? 0n) < 0n || (locked[a] ?? 0n) < 0n)) {
        throw new Error(`journal ${entry.kind} would leave account ${account.id} negative`);
      }
    }
    const id = this.nextJournalId++;
    for (let a = 0; a < accounts.length; a++) {
      const account = accounts[a] as Account;
      account.available = available[a] ?? 0n;
      account.locked = locked[a] ?? 0n;
      this.sink.account(account);
    }
    this.sink.journal(
      {
        id,
        kind: entry.kind,
        refId: entry.refId ?? null,
        actorId: entry.actorId ?? null,
        reason: entry.reason ?? null,
        createdAt: entry.at,
      },
      live.map((p) => ({
        journalId: id,
        accountId: p.account.id,
        currencyId: p.account.currencyId,
        bucket: p.bucket,
        amount: p.amount,
      })),
    );
    return id;
  }

  /** Moves `amount` between available and locked of one account. */
  lock(account: Account, amount: bigint, kind: JournalKind, refId: number, at: Date) {
    return this.post({ kind, refId, at }, [
      { account, bucket: 0, amount: -amount },
      { account, bucket: 1, amount },
    ]);
  }
}
