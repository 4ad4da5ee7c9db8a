import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { accounts, auditLog, journal, orders, postings, trades } from '../db/schema.js';
import { sqlAmount } from './amounts.js';
import type { Account, JournalRow, LedgerSink, PostingRow } from './ledger.js';
import { ACCOUNT_TYPE } from './ledger.js';
import type { Committed, OrderState, TradeRow } from './types.js';

const CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
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

  account(account: Account) {
    this.accounts.add(account);
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
   */
  async commit(db: Db) {
    const now = new Date();
    const accountRows = [...this.accounts].map((a) => ({
      id: a.id,
      userId: a.userId,
      systemCode: a.systemCode,
      currencyId: a.currencyId,
      type: a.type,
      balance: sqlAmount(a.available),
      lockBalance: sqlAmount(a.locked),
      updatedAt: now,
    }));
    const orderRows = [...this.orders.values()].map((o) => ({
      id: o.id,
      userId: o.userId,
      marketId: o.marketId,
      side: o.side,
      type: o.type,
      price: sqlAmount(o.price),
      qty: sqlAmount(o.qty),
      filledQty: sqlAmount(o.filledQty),
      filledQuote: sqlAmount(o.filledQuote),
      fee: sqlAmount(o.fee),
      locked: sqlAmount(o.locked),
      status: o.status,
      clientOrderId: o.clientOrderId,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    }));
    const tradeRows = this.trades.map((t) => ({
      ...t,
      price: sqlAmount(t.price),
      qty: sqlAmount(t.qty),
      quoteQty: sqlAmount(t.quoteQty),
      buyerFee: sqlAmount(t.buyerFee),
      sellerFee: sqlAmount(t.sellerFee),
    }));
    const postingRows = this.postings.map((p) => ({ ...p, amount: sqlAmount(p.amount) }));
    await db.transaction(async (tx) => {
      for (const rows of chunks(accountRows)) {
        await tx
          .insert(accounts)
          .values(rows)
          .onConflictDoUpdate({
            target: accounts.id,
            set: {
              balance: sql`excluded.balance`,
              lockBalance: sql`excluded.lock_balance`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      for (const rows of chunks(orderRows)) {
        await tx
          .insert(orders)
          .values(rows)
          .onConflictDoUpdate({
            target: orders.id,
            set: {
              filledQty: sql`excluded.filled_qty`,
              filledQuote: sql`excluded.filled_quote`,
              fee: sql`excluded.fee`,
              locked: sql`excluded.locked`,
              status: sql`excluded.status`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      for (const rows of chunks(tradeRows)) await tx.insert(trades).values(rows);
      for (const rows of chunks(this.journals)) await tx.insert(journal).values(rows);
      for (const rows of chunks(postingRows)) await tx.insert(postings).values(rows);
      for (const rows of chunks(this.audits)) await tx.insert(auditLog).values(rows);
      for (const write of this.extras) await write(tx);
    });
  }
}
