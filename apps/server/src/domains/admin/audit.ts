import type { AuditReport } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { units, wireAmount } from '../../core/amounts.js';

interface Row extends Record<string, unknown> {
  code: string;
  total: string;
  negative: string | number;
  locked: string;
  reserved: string;
  unposted: string | number;
}

/**
 * The ledger audit (ARCHITECTURE §4): per currency, the sum over every account is zero, no
 * balance but the outside world's is negative, what is locked in trade, lever and micro accounts
 * equals what open orders, pending withdrawals, lever positions and entrusts and micro orders in
 * progress reserve, and every
 * balance equals the sum of its postings.
 */
export async function runAudit(db: Db): Promise<AuditReport> {
  const result = await db.execute<Row>(sql`
    with balances as (
      select currency_id,
             sum(balance + lock_balance) as total,
             count(*) filter (where (balance < 0 or lock_balance < 0)
                              and coalesce(system_code, '') <> 'outside') as negative,
             sum(lock_balance) filter (where type in (1, 3, 4) and user_id is not null) as locked
      from accounts group by currency_id
    ),
    reserved as (
      select case when o.side = 1 then m.quote_currency_id else m.base_currency_id end as currency_id,
             sum(o.locked) as reserved
      from orders o join markets m on m.id = o.market_id
      where o.status = 0 group by 1
      union all
      select currency_id, sum(number) from withdrawals where status = 0 group by 1
      union all
      -- Lever accounts: an open position holds its margin, a waiting entrust margin and fee.
      select m.quote_currency_id,
             sum(case when l.status = 0 then l.margin + l.fee else l.margin end)
      from lever_positions l join markets m on m.id = l.market_id
      where l.status in (0, 1) group by 1
      union all
      -- Micro accounts: an order in progress holds its stake and fee.
      select currency_id, sum(number + fee) from micro_orders where status = 1 group by 1
    ),
    reserved_sum as (
      select currency_id, sum(reserved) as reserved from reserved group by 1
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
           coalesce(u.n, 0) as unposted
    from currencies c
    left join balances b on b.currency_id = c.id
    left join reserved_sum r on r.currency_id = c.id
    left join unposted u on u.currency_id = c.id
    order by c.id
  `);
  const rows: Row[] = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
  const currencies = rows.map((r) => {
    const sum = units(r.total);
    const locked = units(r.locked);
    const reserved = units(r.reserved);
    const negative = Number(r.negative);
    const unposted = Number(r.unposted);
    return {
      currency: r.code,
      sum: wireAmount(sum),
      negative_accounts: negative,
      locked: wireAmount(locked),
      reserved_by_orders: wireAmount(reserved),
      unposted_accounts: unposted,
      ok: sum === 0n && negative === 0 && locked === reserved && unposted === 0,
    };
  });
  return { ok: currencies.every((c) => c.ok), currencies };
}
