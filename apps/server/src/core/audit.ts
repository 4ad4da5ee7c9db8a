import type { AuditReport } from '@exchange/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { units, wireAmount } from './amounts.js';

/**
 * A product's share of the ledger audit: which user account types it locks funds in, and what it
 * holds locked there by its own rows (open orders, pending withdrawals, positions, options), as a
 * query of rows `(currency_id, reserved)`. The audit checks that what is locked in those account
 * types equals the sum of every product's reservations, per currency.
 */
export interface AuditShare {
  lockedTypes: readonly number[];
  reserved: SQL;
  /**
   * What its own system account must hold by its rows: a query of rows `(currency_id,
   * available, locked)` for the account `code` (earn's interest: its products' reserves and
   * what they owe). The audit checks the account against it, per currency.
   */
  held?: { code: string; query: SQL };
}

interface Row extends Record<string, unknown> {
  code: string;
  total: string;
  negative: string | number;
  locked: string;
  reserved: string;
  unposted: string | number;
  held_mismatch: string | number;
}

/**
 * The ledger audit (ARCHITECTURE §4): per currency, the sum over every account is zero, no
 * balance but the outside world's is negative, what is locked in the products' user accounts
 * equals what the products' rows reserve (each product's `AuditShare`), and every balance equals
 * the sum of its postings.
 */
export async function runAudit(db: Db, shares: readonly AuditShare[]): Promise<AuditReport> {
  const types = [...new Set(shares.flatMap((s) => s.lockedTypes))];
  const lockedTypes = types.length
    ? sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )
    : sql`-1`;
  const reservedRows = shares.length
    ? sql.join(
        shares.map((s) => sql`(${s.reserved})`),
        sql` union all `,
      )
    : sql`select 0 as currency_id, 0 as reserved where false`;
  const heldShares = shares.flatMap((s) => (s.held ? [s.held] : []));
  const heldRows = heldShares.length
    ? sql.join(
        heldShares.map((h) => sql`(select ${h.code}::text as code, q.* from (${h.query}) q)`),
        sql` union all `,
      )
    : sql`select '' as code, 0 as currency_id, 0 as available, 0 as locked where false`;
  const heldCodes = heldShares.length
    ? sql.join(
        heldShares.map((h) => sql`${h.code}`),
        sql`, `,
      )
    : sql`''`;
  const result = await db.execute<Row>(sql`
    with balances as (
      select currency_id,
             sum(balance + lock_balance) as total,
             count(*) filter (where (balance < 0 or lock_balance < 0)
                              and coalesce(system_code, '') <> 'outside') as negative,
             sum(lock_balance) filter (where type in (${lockedTypes}) and user_id is not null) as locked
      from accounts group by currency_id
    ),
    reserved(currency_id, reserved) as (${reservedRows}),
    reserved_sum as (
      select currency_id, sum(reserved) as reserved from reserved group by 1
    ),
    held(code, currency_id, available, locked) as (${heldRows}),
    held_sum as (
      select code, currency_id, sum(available) as available, sum(locked) as locked
      from held group by 1, 2
    ),
    system_held as (
      select system_code as code, currency_id, balance, lock_balance
      from accounts where system_code in (${heldCodes})
    ),
    held_mismatch as (
      select coalesce(h.currency_id, a.currency_id) as currency_id, count(*) as n
      from held_sum h full join system_held a on a.code = h.code and a.currency_id = h.currency_id
      where coalesce(h.available, 0) <> coalesce(a.balance, 0)
         or coalesce(h.locked, 0) <> coalesce(a.lock_balance, 0)
      group by 1
    ),
    posted as (
      select account_id,
             sum(amount) filter (where bucket = 0) as available,
             sum(amount) filter (where bucket = 1) as locked
      from postings group by account_id
    ),
    unposted as (
      select a.currency_id, count(*) as n
      from accounts a left join posted p on p.account_id = a.id
      where a.balance <> coalesce(p.available, 0) or a.lock_balance <> coalesce(p.locked, 0)
      group by a.currency_id
    )
    select c.code,
           coalesce(b.total, 0)::text as total,
           coalesce(b.negative, 0) as negative,
           coalesce(b.locked, 0)::text as locked,
           coalesce(r.reserved, 0)::text as reserved,
           coalesce(u.n, 0) as unposted,
           coalesce(hm.n, 0) as held_mismatch
    from currencies c
    left join balances b on b.currency_id = c.id
    left join reserved_sum r on r.currency_id = c.id
    left join unposted u on u.currency_id = c.id
    left join held_mismatch hm on hm.currency_id = c.id
    order by c.id
  `);
  const rows: Row[] = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
  const currencies = rows.map((r) => {
    const sum = units(r.total);
    const locked = units(r.locked);
    const reserved = units(r.reserved);
    const negative = Number(r.negative);
    const unposted = Number(r.unposted);
    const held = Number(r.held_mismatch);
    return {
      currency: r.code,
      sum: wireAmount(sum),
      negative_accounts: negative,
      locked: wireAmount(locked),
      reserved_by_orders: wireAmount(reserved),
      unposted_accounts: unposted,
      system_mismatches: held,
      ok: sum === 0n && negative === 0 && locked === reserved && unposted === 0 && held === 0,
    };
  });
  return { ok: currencies.every((c) => c.ok), currencies };
}
