import { type SQL, sql } from 'drizzle-orm';
import type { Db, RunPrepared, Tx } from '../db/client.js';
import { wireAmount } from './amounts.js';
import type { Account, JournalRow, LedgerSink, PostingRow } from './ledger.js';
import { ACCOUNT_TYPE } from './ledger.js';
import type { Committed, OrderState, TradeRow } from './types.js';

/**
 * `Date.toISOString()` for the many timestamps of a batch: the text up to the second is computed
 * once per second, and only the milliseconds are written for each row.
 */
let isoSecond = Number.NaN;
let isoPrefix = '';
export function isoTime(value: Date): string {
  const ms = value.getTime();
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    // Everything but `sssZ`, whatever the year's width.
    isoPrefix = value.toISOString().slice(0, -4);
  }
  const frac = ms - second * 1000;
  return `${isoPrefix}${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}Z`;
}

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
  constructor(readonly type: string) {}
  private push(text: string) {
    this.values.push(text);
  }
  /** Integers and decimal strings need no quoting inside an array literal. */
  plain(value: number | string | null) {
    this.push(value === null ? 'NULL' : `${value}`);
  }
  /**
   * An amount in ledger units as the shortest exact decimal: the column's NUMERIC(48,18) scales it
   * back, and a batch carries half the bytes of 18 fixed decimals.
   */
  amount(value: bigint) {
    this.push(wireAmount(value));
  }
  /** Text is always quoted, so that no value can read as NULL or break the literal. */
  text(value: string | null) {
    this.push(value === null ? 'NULL' : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  }
  /** A timestamp: its ISO text holds nothing an array literal would need quoted. */
  time(value: Date) {
    this.push(isoTime(value));
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
  /** `select * from unnest($1::t1[], $2::t2[], …)` over the given columns. */
  unnest(columns: Column[]) {
    this.raw('select * from unnest(');
    columns.forEach((c, i) => {
      if (i) this.raw(', ');
      this.param(c.literal()).raw(`::${c.type}[]`);
    });
    return this.raw(')');
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

function columns<const K extends string>(spec: Record<K, string>): Record<K, Column> {
  const out = {} as Record<K, Column>;
  for (const key of Object.keys(spec) as K[]) out[key] = new Column(spec[key]);
  return out;
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
   * being written belong to the next batch and must not leak their state into this one.
   *
   * The ledger, order and trade rows go in ONE statement (data-modifying CTEs, one `unnest` per
   * table), then the other domains' rows, all in one transaction (or, without them, that one
   * statement alone, which is its own transaction).
   */
  async commit(db: Db, prepared: RunPrepared) {
    const statement = this.statement();
    // A single statement is atomic on its own: a batch of orders alone (the usual case) needs no
    // BEGIN and COMMIT, two round trips fewer. Prepared, the store neither parses nor plans it
    // again (about a sixth of its work per order).
    if (!this.extras.length) {
      if (!statement) return;
      const { text, values } = statement.query();
      await prepared(statementName(text), text, values);
      return;
    }
    await db.transaction(async (tx) => {
      if (statement) await tx.execute(statement.sql());
      for (const write of this.extras) await write(tx);
    });
  }

  private statement(): Statement | null {
    const parts = this.parts();
    if (!parts.length) return null;
    // Every part but the last is a data-modifying CTE; PostgreSQL runs each to completion.
    const s = new Statement();
    parts.forEach((part, i) => {
      if (i < parts.length - 1) {
        s.raw(i === 0 ? 'with ' : ', ').raw(`w${i} as (`);
        part(s);
        s.raw(')');
      } else {
        if (i) s.raw(' ');
        part(s);
      }
    });
    return s;
  }

  private parts() {
    const parts: ((s: Statement) => void)[] = [];

    // Rows opened or placed in this batch are inserted; rows stored before are updated, joined
    // to the batch's rows by primary key (the statement is planned with `KEYED_PLANS`, so the
    // join stays a lookup by key however small the table was when the plan was cached).
    const opened: Account[] = [];
    const stored: Account[] = [];
    for (const a of this.accounts) (this.opened.has(a) ? opened : stored).push(a);
    const now = new Date().toISOString();
    if (opened.length) {
      const c = columns({
        id: 'int',
        userId: 'int',
        systemCode: 'text',
        currencyId: 'int',
        type: 'smallint',
        balance: 'numeric',
        lockBalance: 'numeric',
      });
      for (const a of opened) {
        c.id.plain(a.id);
        c.userId.plain(a.userId);
        c.systemCode.text(a.systemCode);
        c.currencyId.plain(a.currencyId);
        c.type.plain(a.type);
        c.balance.amount(a.available);
        c.lockBalance.amount(a.locked);
      }
      parts.push((s) =>
        s
          .raw(
            'insert into accounts (id, user_id, system_code, currency_id, type, balance, lock_balance, updated_at) ' +
              'select u.*, ',
          )
          .param(now)
          .raw('::timestamptz from (')
          .unnest(Object.values(c))
          .raw(') as u'),
      );
    }
    if (stored.length) {
      const c = columns({ id: 'int', balance: 'numeric', lockBalance: 'numeric' });
      for (const a of stored) {
        c.id.plain(a.id);
        c.balance.amount(a.available);
        c.lockBalance.amount(a.locked);
      }
      parts.push((s) =>
        s
          .raw(
            'update accounts a set balance = u.balance, lock_balance = u.lock_balance, updated_at = ',
          )
          .param(now)
          .raw('::timestamptz from (')
          .unnest(Object.values(c))
          .raw(') as u (id, balance, lock_balance) where a.id = u.id'),
      );
    }

    const placed: OrderState[] = [];
    const changed: OrderState[] = [];
    for (const o of this.orders.values()) (this.created.has(o.id) ? placed : changed).push(o);
    if (placed.length) {
      const c = columns({
        id: 'bigint',
        userId: 'int',
        marketId: 'int',
        side: 'smallint',
        type: 'smallint',
        price: 'numeric',
        qty: 'numeric',
        filledQty: 'numeric',
        filledQuote: 'numeric',
        fee: 'numeric',
        locked: 'numeric',
        status: 'smallint',
        clientOrderId: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      });
      for (const o of placed) {
        c.id.plain(o.id);
        c.userId.plain(o.userId);
        c.marketId.plain(o.marketId);
        c.side.plain(o.side);
        c.type.plain(o.type);
        c.price.amount(o.price);
        c.qty.amount(o.qty);
        c.filledQty.amount(o.filledQty);
        c.filledQuote.amount(o.filledQuote);
        c.fee.amount(o.fee);
        c.locked.amount(o.locked);
        c.status.plain(o.status);
        c.clientOrderId.text(o.clientOrderId);
        c.createdAt.time(o.createdAt);
        c.updatedAt.time(o.updatedAt);
      }
      parts.push((s) =>
        s
          .raw(
            'insert into orders (id, user_id, market_id, side, type, price, qty, filled_qty, ' +
              'filled_quote, fee, locked, status, client_order_id, created_at, updated_at) ',
          )
          .unnest(Object.values(c)),
      );
    }
    if (changed.length) {
      const c = columns({
        id: 'bigint',
        filledQty: 'numeric',
        filledQuote: 'numeric',
        fee: 'numeric',
        locked: 'numeric',
        status: 'smallint',
        updatedAt: 'timestamptz',
      });
      for (const o of changed) {
        c.id.plain(o.id);
        c.filledQty.amount(o.filledQty);
        c.filledQuote.amount(o.filledQuote);
        c.fee.amount(o.fee);
        c.locked.amount(o.locked);
        c.status.plain(o.status);
        c.updatedAt.time(o.updatedAt);
      }
      parts.push((s) =>
        s
          .raw(
            'update orders o set filled_qty = u.filled_qty, filled_quote = u.filled_quote, ' +
              'fee = u.fee, locked = u.locked, status = u.status, updated_at = u.updated_at from (',
          )
          .unnest(Object.values(c))
          .raw(
            ') as u (id, filled_qty, filled_quote, fee, locked, status, updated_at) where o.id = u.id',
          ),
      );
    }

    if (this.trades.length) {
      const c = columns({
        id: 'bigint',
        marketId: 'int',
        price: 'numeric',
        qty: 'numeric',
        quoteQty: 'numeric',
        takerSide: 'smallint',
        makerOrderId: 'bigint',
        takerOrderId: 'bigint',
        makerUserId: 'int',
        takerUserId: 'int',
        buyerFee: 'numeric',
        sellerFee: 'numeric',
        createdAt: 'timestamptz',
      });
      for (const t of this.trades) {
        c.id.plain(t.id);
        c.marketId.plain(t.marketId);
        c.price.amount(t.price);
        c.qty.amount(t.qty);
        c.quoteQty.amount(t.quoteQty);
        c.takerSide.plain(t.takerSide);
        c.makerOrderId.plain(t.makerOrderId);
        c.takerOrderId.plain(t.takerOrderId);
        c.makerUserId.plain(t.makerUserId);
        c.takerUserId.plain(t.takerUserId);
        c.buyerFee.amount(t.buyerFee);
        c.sellerFee.amount(t.sellerFee);
        c.createdAt.time(t.createdAt);
      }
      parts.push((s) =>
        s
          .raw(
            'insert into trades (id, market_id, price, qty, quote_qty, taker_side, maker_order_id, ' +
              'taker_order_id, maker_user_id, taker_user_id, buyer_fee, seller_fee, created_at) ',
          )
          .unnest(Object.values(c)),
      );
    }

    if (this.journals.length) {
      const c = columns({
        id: 'bigint',
        kind: 'text',
        refId: 'bigint',
        actorId: 'int',
        reason: 'text',
        createdAt: 'timestamptz',
      });
      for (const j of this.journals) {
        c.id.plain(j.id);
        c.kind.text(j.kind);
        c.refId.plain(j.refId);
        c.actorId.plain(j.actorId);
        c.reason.text(j.reason);
        c.createdAt.time(j.createdAt);
      }
      parts.push((s) =>
        s
          .raw('insert into journal (id, kind, ref_id, actor_id, reason, created_at) ')
          .unnest(Object.values(c)),
      );
    }

    if (this.postings.length) {
      const c = columns({
        journalId: 'bigint',
        accountId: 'int',
        currencyId: 'int',
        bucket: 'smallint',
        amount: 'numeric',
      });
      for (const p of this.postings) {
        c.journalId.plain(p.journalId);
        c.accountId.plain(p.accountId);
        c.currencyId.plain(p.currencyId);
        c.bucket.plain(p.bucket);
        c.amount.amount(p.amount);
      }
      parts.push((s) =>
        s
          .raw('insert into postings (journal_id, account_id, currency_id, bucket, amount) ')
          .unnest(Object.values(c)),
      );
    }

    if (this.audits.length) {
      const c = columns({ actorId: 'int', action: 'text', target: 'text', detail: 'jsonb' });
      for (const a of this.audits) {
        c.actorId.plain(a.actorId);
        c.action.text(a.action);
        c.target.text(a.target);
        c.detail.text(JSON.stringify(a.detail));
      }
      parts.push((s) =>
        s.raw('insert into audit_log (actor_id, action, target, detail) ').unnest(Object.values(c)),
      );
    }

    return parts;
  }
}
