import { type SQL, sql } from 'drizzle-orm';
import type { Db, RunPrepared, Tx } from '../db/client.js';
import { SCALE } from './amounts.js';
import type { Account, JournalRow, LedgerSink, PostingRow } from './ledger.js';
import { ACCOUNT_TYPE } from './ledger.js';
import { BATCH_KEY } from './rebuild.js';
import type { Committed, OrderState, TradeRow } from './types.js';

/** Quotes and backslashes in a text value, which must be escaped inside an array literal. */
const SPECIAL = /["\\]/;
/** An amount in ledger units, as the exact decimal `units × 10^-SCALE`. */
const EXPONENT = `e-${SCALE}`;

/**
 * One column of a multi-row write as a single parameter: a PostgreSQL array literal, cast in the
 * statement (`$1::numeric[]`) and spread back into rows with `unnest`. A batch of any size is then
 * a statement with a fixed, small number of parameters instead of one parameter per value.
 */
class Column {
  /**
   * The values' texts, joined once at the end. Growing one string instead builds a rope that the
   * driver must flatten when it measures and copies the parameter, which costs more than the join.
   */
  private readonly values: string[] = [];
  /**
   * `type` is the array's element type. A time column has `base`, the batch's time: its values
   * are milliseconds from it (see `time`).
   */
  constructor(
    readonly type: string,
    readonly base: number | null = null,
  ) {}
  /** Integers need no quoting inside an array literal. */
  plain(value: number | null) {
    this.values.push(value === null ? 'NULL' : `${value}`);
  }
  /**
   * An amount as its ledger units with a negative exponent: PostgreSQL reads `123e-18` as
   * 0.000…123 exactly, and the column's NUMERIC(48,18) keeps it so. This is the bigint's own
   * text, without the search for trailing zeros and the slicing around a decimal point that a
   * plain decimal needs (balance-sized amounts: 111 against 138 ns).
   */
  amount(value: bigint) {
    this.values.push(value === 0n ? '0' : `${value}${EXPONENT}`);
  }
  /** A time, as milliseconds from the column's base (see `time`). */
  time(value: Date) {
    this.values.push(`${value.getTime() - (this.base ?? 0)}`);
  }
  /** Text is always quoted, so that no value can read as NULL or break the literal. */
  text(value: string | null) {
    if (value === null) this.values.push('NULL');
    else if (!SPECIAL.test(value)) this.values.push(`"${value}"`);
    else this.values.push(`"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  }
  literal() {
    return `{${this.values.join(',')}}`;
  }
}

/**
 * A statement of text pieces and parameters: as text with `$n` placeholders and its values (for a
 * named prepared statement, whose text must be the same from batch to batch), or as a drizzle `sql`
 * fragment (inside a drizzle transaction).
 */
class Statement {
  private readonly pieces: string[] = [];
  private readonly values: string[] = [];
  /** Text since the last parameter: one piece per run of text, not one per call. */
  private text = '';
  raw(text: string) {
    this.text += text;
    return this;
  }
  param(value: string) {
    this.pieces.push(this.text);
    this.text = '';
    this.values.push(value);
    return this;
  }
  /**
   * `select unnest($1::t1[]), unnest($2::t2[]), …` over the given columns: the arrays are read
   * side by side, row by row. Written in the select list rather than as `from unnest(…)`, the
   * rows stream into the insert or join instead of being collected first in a tuple store, which
   * costs the store about a third less work per row.
   */
  unnest(columns: Column[]) {
    this.raw('select ');
    columns.forEach((c, i) => {
      if (i) this.raw(', ');
      if (c.base === null) this.raw('unnest(').param(c.literal()).raw(`::${c.type}[])`);
      else {
        // A time: `to_timestamp((base + offset) / 1000)` (see `time`).
        this.raw('to_timestamp((')
          .param(`${c.base}`)
          .raw(`::${c.type} + unnest(`)
          .param(c.literal())
          .raw(`::${c.type}[])) / 1000)`);
      }
    });
    return this;
  }
  /** The text with `$1`, `$2`, … in place of the parameters, and their values in order. */
  query(): { text: string; values: string[] } {
    let text = '';
    this.pieces.forEach((piece, i) => (text += `${piece}$${i + 1}`));
    return { text: text + this.text, values: this.values };
  }
  sql(): SQL {
    const chunks: SQL[] = [];
    this.pieces.forEach((piece, i) => {
      if (piece) chunks.push(sql.raw(piece));
      chunks.push(sql`${this.values[i]}`);
    });
    if (this.text) chunks.push(sql.raw(this.text));
    return sql.join(chunks);
  }
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

/**
 * A table's columns for a batch write, by their names in the store: each with its array type and
 * how it writes the rows' values into its literal (`at` is the batch's time, for rows that carry
 * none).
 */
interface Entry<T> {
  type: string;
  /** Whether the column is a time (see `time`). */
  time?: true;
  fill: (column: Column, rows: readonly T[], at: Date) => void;
}
type Spec<T> = Record<string, Entry<T>>;

const plain = <T>(type: string, get: (row: T) => number | null): Entry<T> => ({
  type,
  fill: (c, rows) => {
    for (const row of rows) c.plain(get(row));
  },
});
const amount = <T>(get: (row: T) => bigint): Entry<T> => ({
  type: 'numeric',
  fill: (c, rows) => {
    for (const row of rows) c.amount(get(row));
  },
});
const text = <T>(get: (row: T) => string | null, type = 'text'): Entry<T> => ({
  type,
  fill: (c, rows) => {
    for (const row of rows) c.text(get(row));
  },
});
/**
 * A timestamp as milliseconds from the batch's time, read back with
 * `to_timestamp((base + offset) / 1000)`. The sum is the time's whole number of milliseconds since
 * 1970, exact in a double, and PostgreSQL reads the number in about a third of the time it takes
 * to parse the date's ISO text (200,000 of them: 39 ms against 100 ms). The double comes back to
 * the same millisecond for every time up to the year 2100 (tested); a batch carries the server
 * clock's. A small offset becomes text about five times faster than a whole time's thirteen
 * digits (22 against 107-117 ns).
 */
const time = <T>(get: (row: T, at: Date) => Date): Entry<T> => ({
  type: 'float8',
  time: true,
  fill: (c, rows, at) => {
    for (const row of rows) c.time(get(row, at));
  },
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
  created_at: time((o) => o.createdAt),
  updated_at: time((o) => o.updatedAt),
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
  created_at: time((t) => t.createdAt),
} satisfies Spec<TradeRow>;

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

/** The named columns of `rows` as array literals, filled now (the rows may change later). */
function fill<T, K extends string>(
  spec: Record<K, Entry<T>>,
  names: K[],
  rows: readonly T[],
  at: Date,
): Column[] {
  return names.map((name) => {
    const entry = spec[name];
    const column = new Column(entry.type, entry.time ? at.getTime() : null);
    entry.fill(column, rows, at);
    return column;
  });
}

/** `insert into table (every column) select * from unnest(…)`. */
function insert<T, K extends string>(
  table: string,
  spec: Record<K, Entry<T>>,
  rows: readonly T[],
  at: Date,
) {
  const names = Object.keys(spec) as K[];
  const columns = fill(spec, names, rows, at);
  return (s: Statement) => s.raw(`insert into ${table} (${names.join(', ')}) `).unnest(columns);
}

/**
 * `update table set (the given columns) from unnest(…)`, joined to the rows by `id`. The statement
 * is planned with `KEYED_PLANS`, so the join stays a lookup by primary key however small the table
 * was when its plan was cached. The table's alias is its initial.
 */
function update<T, K extends string>(
  table: string,
  spec: Record<K | 'id', Entry<T>>,
  set: K[],
  rows: readonly T[],
  at: Date,
) {
  const names: (K | 'id')[] = ['id', ...set];
  const columns = fill(spec, names, rows, at);
  const t = table.charAt(0);
  return (s: Statement) =>
    s
      .raw(`update ${table} ${t} set ${set.map((n) => `${n} = u.${n}`).join(', ')} from (`)
      .unnest(columns)
      .raw(`) as u (${names.join(', ')}) where ${t}.id = u.id`);
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
   * being written belong to the next batch and must not leak their state into this one. The
   * statement is sent synchronously too, so batches reach the store in the order they are
   * committed.
   *
   * The ledger, order and trade rows go in ONE statement (data-modifying CTEs, one `unnest` per
   * table), then the other domains' rows, all in one transaction (or, without them, that one
   * statement alone, which is its own transaction). The statement moves the store's batch number
   * from `sequence - 1` to `sequence` and fails if it was not at `sequence - 1`: a batch sent
   * after one that failed fails as well.
   */
  commit(db: Db, prepared: RunPrepared, sequence: number): Promise<void> {
    const statement = this.statement(sequence);
    // A single statement is atomic on its own: a batch of orders alone (the usual case) needs no
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

  private statement(sequence: number): Statement {
    // Every part is a data-modifying CTE, which PostgreSQL runs to completion whether or not it
    // is read. The batch number's is read: no row moved means the previous batch is not in the
    // store, and the division by zero aborts the statement with everything in it.
    const s = new Statement().raw('with ');
    for (const [i, part] of this.parts().entries()) {
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

  private parts() {
    const parts: ((s: Statement) => void)[] = [];
    const at = new Date();
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
    return parts;
  }
}
