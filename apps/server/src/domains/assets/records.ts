import type { AdminDeposit, AdminWithdrawal, Page } from '@exchange/contract';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { currencies, deposits, users, withdrawals } from '../../db/schema.js';
import { pageResult } from '../../http/paging.js';
import { userAccount } from '../user/index.js';
import { depositView, withdrawView } from './catalogue.js';

/** Which records a list shows; operators see every user's, pending first. */
export interface RecordFilter {
  id?: number | undefined;
  userId?: number | undefined;
  currencyId?: number | undefined;
  status?: number | undefined;
  pendingFirst?: boolean;
}

type Table = typeof deposits | typeof withdrawals;

function conditions(table: Table, f: RecordFilter): SQL | undefined {
  return and(
    f.id === undefined ? undefined : eq(table.id, f.id),
    f.userId === undefined ? undefined : eq(table.userId, f.userId),
    f.currencyId === undefined ? undefined : eq(table.currencyId, f.currencyId),
    f.status === undefined ? undefined : eq(table.status, f.status),
  );
}

function order(table: Table, f: RecordFilter) {
  // Pending first (what waits for a decision), then newest first.
  return f.pendingFirst ? [asc(sql`${table.status} <> 0`), desc(table.id)] : [desc(table.id)];
}

/** A page of deposit records with their currency code and owner's account. */
export async function depositPage(
  db: Db,
  f: RecordFilter,
  input: { page: number; limit: number },
): Promise<Page<AdminDeposit>> {
  const where = conditions(deposits, f);
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  const rows = await db
    .select({ d: deposits, code: currencies.code, account: userAccount })
    .from(deposits)
    .innerJoin(currencies, eq(currencies.id, deposits.currencyId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(...order(deposits, f))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const data = rows.map((r) => ({
    ...depositView(r.d, r.code),
    user: { id: r.d.userId, account: r.account },
  }));
  return pageResult(data, total?.n ?? 0, input);
}

/** A page of withdrawal records with their currency code and owner's account. */
export async function withdrawalPage(
  db: Db,
  f: RecordFilter,
  input: { page: number; limit: number },
): Promise<Page<AdminWithdrawal>> {
  const where = conditions(withdrawals, f);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select({ w: withdrawals, code: currencies.code, account: userAccount })
    .from(withdrawals)
    .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(...order(withdrawals, f))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const data = rows.map((r) => ({
    ...withdrawView(r.w, r.code),
    user: { id: r.w.userId, account: r.account },
  }));
  return pageResult(data, total?.n ?? 0, input);
}

/** A page of the user's own records: the owner's account is not repeated to them. */
export function ownRecords<T extends { user: unknown }>(page: Page<T>): Page<Omit<T, 'user'>> {
  return { ...page, data: page.data.map(({ user: _user, ...rest }) => rest) };
}
