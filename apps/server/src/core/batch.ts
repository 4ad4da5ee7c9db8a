import type { Db, Tx, WriteBatch } from '../db/client.js';
import {
  type BatchRows,
  batchStatement,
  type ColumnKind,
  type ColumnRows,
  type ColumnValue,
  type PartRows,
} from './batch-sql.js';
import type { Account, JournalRow, LedgerSink, PostingRow } from './ledger.js';
import { ACCOUNT_TYPE } from './ledger.js';
import type { Committed, OrderState, TradeRow } from './types.js';

/**
 * A table's columns for a batch write, by their names in the store: each with its array type,
 * how its values are written (see batch-sql.ts) and how a row's value is read from memory (`at`
 * is the batch's time, for rows that carry none).
 */
interface Entry<T> {
  type: string;
  kind: ColumnKind;
  get: (row: T, at: number) => ColumnValue;
}
type Spec<T> = Record<string, Entry<T>>;

const plain = <T>(type: string, get: (row: T) => number | null): Entry<T> => ({
  type,
  kind: 'plain',
  get,
});
const amount = <T>(get: (row: T) => bigint): Entry<T> => ({ type: 'numeric', kind: 'amount', get });
const text = <T>(get: (row: T) => string | null, type = 'text'): Entry<T> => ({
  type,
  kind: 'text',
  get,
});
/** A timestamp as milliseconds since 1970 (see the `time` kind in batch-sql.ts). */
const time = <T>(get: (row: T, at: number) => number): Entry<T> => ({
  type: 'float8',
  kind: 'time',
  get,
});

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

const ORDERS = {
  id: plain('bigint', (o) => o.id),
  user_id: plain('int', (o) => o.userId),
  market_id: plain('int', (o) => o.marketId),
  side: plain('smallint', (o) => o.side),
  type: plain('smallint', (o) => o.type),
  price: amount((o) => o.price),
  qty: amount((o) => o.qty),
  filled_qty: amount((o) => o.filledQty),
  filled_quote: amount((o) => o.filledQuote),
  fee: amount((o) => o.fee),
  locked: amount((o) => o.locked),
  status: plain('smallint', (o) => o.status),
  client_order_id: text((o) => o.clientOrderId),
  created_at: time((o) => o.createdAt.getTime()),
  updated_at: time((o) => o.updatedAt.getTime()),
} satisfies Spec<OrderState>;

const TRADES = {
  id: plain('bigint', (t) => t.id),
  market_id: plain('int', (t) => t.marketId),
  price: amount((t) => t.price),
  qty: amount((t) => t.qty),
  quote_qty: amount((t) => t.quoteQty),
  taker_side: plain('smallint', (t) => t.takerSide),
  maker_order_id: plain('bigint', (t) => t.makerOrderId),
  taker_order_id: plain('bigint', (t) => t.takerOrderId),
  maker_user_id: plain('int', (t) => t.makerUserId),
  taker_user_id: plain('int', (t) => t.takerUserId),
  buyer_fee: amount((t) => t.buyerFee),
  seller_fee: amount((t) => t.sellerFee),
  created_at: time((t) => t.createdAt.getTime()),
} satisfies Spec<TradeRow>;

const JOURNAL = {
  id: plain('bigint', (j) => j.id),
  kind: text((j) => j.kind),
  ref_id: plain('bigint', (j) => j.refId),
  actor_id: plain('int', (j) => j.actorId),
  reason: text((j) => j.reason),
  created_at: time((j) => j.createdAt.getTime()),
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

/** The named columns of `rows`, their values read now (the rows may change later). */
function columns<T, K extends string>(
  spec: Record<K, Entry<T>>,
  names: K[],
  rows: readonly T[],
  at: number,
): ColumnRows[] {
  return names.map((name) => {
    const { type, kind, get } = spec[name];
    const values = new Array<ColumnValue>(rows.length);
    for (let i = 0; i < rows.length; i++) values[i] = get(rows[i] as T, at);
    return { name, type, kind, values };
  });
}

/** Every column of `rows`, to be inserted. */
function insert<T, K extends string>(
  table: string,
  spec: Record<K, Entry<T>>,
  rows: readonly T[],
  at: number,
): PartRows {
  return { table, op: 'insert', columns: columns(spec, Object.keys(spec) as K[], rows, at) };
}

/** `id` and the `set` columns of `rows`, to be updated by id. */
function update<T, K extends string>(
  table: string,
  spec: Record<K | 'id', Entry<T>>,
  set: K[],
  rows: readonly T[],
  at: number,
): PartRows {
  return { table, op: 'update', columns: columns(spec, ['id', ...set], rows, at) };
}

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
  readonly orders = new Map<number, OrderState>();
  readonly trades: TradeRow[] = [];
  readonly journals: JournalRow[] = [];
  readonly postings: PostingRow[] = [];
  readonly audits: AuditRow[] = [];
  /**
   * Rows of other domains written with this batch (deposit, withdrawal and transfer records): each
   * is a statement built synchronously when its command was applied, run in the same transaction.
   */
  readonly extras: ((tx: Tx) => Promise<unknown>)[] = [];
  readonly waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  /** Orders placed in this batch (for TX_SUBMIT) and markets whose book changed. */
  readonly created = new Set<number>();
  readonly markets = new Set<number>();

  get empty() {
    return (
      !this.accounts.size &&
      !this.orders.size &&
      !this.journals.length &&
      !this.audits.length &&
      !this.extras.length
    );
  }

  journal(row: JournalRow, rows: PostingRow[]) {
    this.journals.push(row);
    for (const r of rows) this.postings.push(r);
  }

  account(account: Account, opened = false) {
    this.accounts.add(account);
    if (opened) this.opened.add(account);
  }

  order(order: OrderState) {
    this.orders.set(order.id, order);
  }

  /** A copy of what changed, taken when the batch is sealed, for listeners after the commit. */
  committed(): Committed {
    const balances: Committed['balances'] = [];
    for (const a of this.accounts) {
      if (a.userId !== null && a.type === ACCOUNT_TYPE.trade) {
        balances.push({
          userId: a.userId,
          currencyId: a.currencyId,
          available: a.available,
          locked: a.locked,
        });
      }
    }
    return {
      trades: this.trades,
      orders: [...this.orders.values()].map((o) => ({ ...o })),
      markets: this.markets,
      balances,
      created: this.created,
    };
  }

  /** Resolves once the batch holding the current command has committed. */
  wait(): Promise<void> {
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /**
   * Rows are taken synchronously, before the first await: commands applied while this batch is
   * being written belong to the next batch and must not leak their state into this one. They
   * are handed to the store synchronously too, so batches reach it in the order they are
   * committed.
   *
   * The ledger, order and trade rows go in ONE statement (data-modifying CTEs, one `unnest` per
   * table, see batch-sql.ts), then the other domains' rows, all in one transaction (or, without
   * them, that one statement alone, which is its own transaction). The statement moves the
   * store's batch number from `sequence - 1` to `sequence` and fails if it was not at
   * `sequence - 1`: a batch sent after one that failed fails as well.
   */
  commit(db: Db, write: WriteBatch, sequence: number): Promise<void> {
    const rows = this.rows(sequence);
    // A single statement is atomic on its own: a batch of orders alone (the usual case) needs no
    // BEGIN and COMMIT, two round trips fewer. The store runs it as a prepared statement, which
    // it neither parses nor plans again (about a sixth of its work per order).
    if (!this.extras.length) return write(rows);
    const statement = batchStatement(rows);
    return db.transaction(async (tx: Tx) => {
      await tx.execute(statement.sql());
      for (const extra of this.extras) await extra(tx);
    });
  }

  /** The batch's rows as plain values, numbered `sequence`. */
  rows(sequence: number): BatchRows {
    const parts: PartRows[] = [];
    const at = Date.now();
    // Rows opened or placed in this batch are inserted, rows stored before are updated.
    const opened: Account[] = [];
    const stored: Account[] = [];
    for (const a of this.accounts) (this.opened.has(a) ? opened : stored).push(a);
    if (opened.length) parts.push(insert('accounts', ACCOUNTS, opened, at));
    if (stored.length)
      parts.push(
        update('accounts', ACCOUNTS, ['balance', 'lock_balance', 'updated_at'], stored, at),
      );

    const placed: OrderState[] = [];
    const changed: OrderState[] = [];
    for (const o of this.orders.values()) (this.created.has(o.id) ? placed : changed).push(o);
    if (placed.length) parts.push(insert('orders', ORDERS, placed, at));
    if (changed.length) {
      const set = ['filled_qty', 'filled_quote', 'fee', 'locked', 'status', 'updated_at'] as const;
      parts.push(update('orders', ORDERS, [...set], changed, at));
    }

    if (this.trades.length) parts.push(insert('trades', TRADES, this.trades, at));
    if (this.journals.length) parts.push(insert('journal', JOURNAL, this.journals, at));
    if (this.postings.length) parts.push(insert('postings', POSTINGS, this.postings, at));
    if (this.audits.length) parts.push(insert('audit_log', AUDIT_LOG, this.audits, at));
    return { sequence, at, parts };
  }
}
