import {
  amount,
  insert,
  plain,
  type Spec,
  Statement,
  text,
  time,
  update,
} from '../db/array-rows.js';
import type { Db, RunPrepared, Tx } from '../db/client.js';
import type { Account, JournalRow, LedgerSink, PostingRow } from './ledger.js';
import { BATCH_KEY } from './rebuild.js';
import { Committed } from './types.js';

/**
 * A handler's own rows in a batch (a product's orders and trades, say): written as parts of the
 * batch's one statement and, once committed, handed to the read model as what `seal` returned.
 */
export interface BatchPart<S = unknown> {
  readonly empty: boolean;
  /** The rows as data-modifying CTEs of the batch statement (see `array-rows.ts`). */
  write(at: Date): ((s: Statement) => void)[];
  /**
   * A copy of what changed, taken when the batch is sealed (see `Batch.committed`); readers get
   * it typed through `Committed.part(kind)`.
   */
  seal(): S;
}

/** Names a kind of part and makes an empty one; one per handler that writes rows of its own. */
export interface PartKind<T extends BatchPart> {
  readonly name: string;
  create(): T;
}

/**
 * The name of each distinct batch statement text. A batch's text depends only on which tables it
 * writes (the rows travel as array parameters), so there are a handful, each prepared once per
 * connection.
 */
const statementNames = new Map<string, string>();
function statementName(text: string) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `core_batch_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

const ACCOUNTS = {
  id: plain('int', (a) => a.id),
  user_id: plain('int', (a) => a.userId),
  system_code: text((a) => a.systemCode),
  currency_id: plain('int', (a) => a.currencyId),
  type: plain('smallint', (a) => a.type),
  balance: amount((a) => a.available),
  lock_balance: amount((a) => a.locked),
  updated_at: time((_, at) => at),
} satisfies Spec<Account>;

const JOURNAL = {
  id: plain('bigint', (j) => j.id),
  kind: text((j) => j.kind),
  ref_id: plain('bigint', (j) => j.refId),
  actor_id: plain('int', (j) => j.actorId),
  reason: text((j) => j.reason),
  created_at: time((j) => j.createdAt),
} satisfies Spec<JournalRow>;

const POSTINGS = {
  journal_id: plain('bigint', (p) => p.journalId),
  account_id: plain('int', (p) => p.accountId),
  currency_id: plain('int', (p) => p.currencyId),
  bucket: plain('smallint', (p) => p.bucket),
  amount: amount((p) => p.amount),
} satisfies Spec<PostingRow>;

const AUDIT_LOG = {
  actor_id: plain('int', (a) => a.actorId),
  action: text((a) => a.action),
  target: text((a) => a.target),
  detail: text((a) => JSON.stringify(a.detail), 'jsonb'),
} satisfies Spec<AuditRow>;

export interface AuditRow {
  actorId: number | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

/**
 * Everything the core changed since the last commit. One batch is written in one transaction
 * with multi-row statements; the commands in it are acknowledged only after it commits.
 */
export class Batch implements LedgerSink {
  readonly accounts = new Set<Account>();
  /** Accounts opened in this batch: inserted, where the others are updated. */
  readonly opened = new Set<Account>();
  readonly journals: JournalRow[] = [];
  readonly postings: PostingRow[] = [];
  readonly audits: AuditRow[] = [];
  /**
   * Rows of other domains written with this batch (deposit, withdrawal and transfer records): each
   * is a statement built synchronously when its command was applied, run in the same transaction.
   */
  readonly extras: ((tx: Tx) => Promise<unknown>)[] = [];
  readonly waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  /** The handlers' own rows, by kind, in the order the kinds were first used. */
  private readonly parts = new Map<PartKind<BatchPart>, BatchPart>();

  get empty() {
    if (this.accounts.size || this.journals.length || this.audits.length || this.extras.length)
      return false;
    for (const part of this.parts.values()) if (!part.empty) return false;
    return true;
  }

  /** The part of this kind, made empty on first use. */
  part<T extends BatchPart>(kind: PartKind<T>): T {
    let part = this.parts.get(kind);
    if (!part) {
      part = kind.create();
      this.parts.set(kind, part);
    }
    // The map is keyed by kind: the part under `kind` was made by `kind.create()`.
    return part as T;
  }

  journal(row: JournalRow, rows: PostingRow[]) {
    this.journals.push(row);
    for (const r of rows) this.postings.push(r);
  }

  account(account: Account, opened = false) {
    this.accounts.add(account);
    if (opened) this.opened.add(account);
  }

  /** A copy of what changed, taken when the batch is sealed, for listeners after the commit. */
  committed(): Committed {
    const balances = [...this.accounts].map((a) => ({
      userId: a.userId,
      systemCode: a.systemCode,
      currencyId: a.currencyId,
      type: a.type,
      available: a.available,
      locked: a.locked,
    }));
    const parts = new Map<PartKind<BatchPart>, unknown>();
    for (const [kind, part] of this.parts) parts.set(kind, part.seal());
    return new Committed(balances, parts);
  }

  /** Resolves once the batch holding the current command has committed. */
  wait(): Promise<void> {
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /**
   * Rows are taken synchronously, before the first await: commands applied while this batch is
   * being written belong to the next batch and must not leak their state into this one. The
   * statement is sent synchronously too, so batches reach the store in the order they are
   * committed.
   *
   * The ledger rows and the handlers' parts go in ONE statement (data-modifying CTEs, one
   * `unnest` per table), then the other domains' rows, all in one transaction (or, without them,
   * that one statement alone, which is its own transaction). The statement moves the store's batch number
   * from `sequence - 1` to `sequence` and fails if it was not at `sequence - 1`: a batch sent
   * after one that failed fails as well.
   */
  commit(db: Db, prepared: RunPrepared, sequence: number, at: Date): Promise<void> {
    const statement = this.statement(sequence, at);
    // A single statement is atomic on its own: a batch without extras (the usual case) needs no
    // BEGIN and COMMIT, two round trips fewer. Prepared, the store neither parses nor plans it
    // again (about a sixth of its work per order).
    if (!this.extras.length) {
      const { text, values } = statement.query();
      return prepared(statementName(text), text, values);
    }
    return db.transaction(async (tx) => {
      await tx.execute(statement.sql());
      for (const write of this.extras) await write(tx);
    });
  }

  private statement(sequence: number, at: Date): Statement {
    // Every part is a data-modifying CTE, which PostgreSQL runs to completion whether or not it
    // is read. The batch number's is read: no row moved means the previous batch is not in the
    // store, and the division by zero aborts the statement with everything in it.
    const s = new Statement().raw('with ');
    for (const [i, part] of this.statementParts(at).entries()) {
      s.raw(`w${i} as (`);
      part(s);
      s.raw('), ');
    }
    return s
      .raw(`b as (update system_state set value = `)
      .param(String(sequence))
      .raw(` where key = '${BATCH_KEY}' and value = `)
      .param(String(sequence - 1))
      .raw(' returning 1) select 1 / count(*) from b');
  }

  private statementParts(at: Date) {
    const parts: ((s: Statement) => void)[] = [];
    // Rows opened or placed in this batch are inserted, rows stored before are updated.
    const opened: Account[] = [];
    const stored: Account[] = [];
    for (const a of this.accounts) (this.opened.has(a) ? opened : stored).push(a);
    if (opened.length) parts.push(insert('accounts', ACCOUNTS, opened, at));
    if (stored.length)
      parts.push(
        update('accounts', ACCOUNTS, ['balance', 'lock_balance', 'updated_at'], stored, at),
      );

    for (const part of this.parts.values()) if (!part.empty) parts.push(...part.write(at));
    if (this.journals.length) parts.push(insert('journal', JOURNAL, this.journals, at));
    if (this.postings.length) parts.push(insert('postings', POSTINGS, this.postings, at));
    if (this.audits.length) parts.push(insert('audit_log', AUDIT_LOG, this.audits, at));
    return parts;
  }
}
