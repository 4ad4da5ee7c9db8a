import { and, between, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import { units } from '../../core/amounts.js';
import type { Db } from '../../db/client.js';
import { microIndex, trades } from '../../db/schema.js';
import { indexKey } from './rows.js';
import type { IndexRecord, MicroRow } from './types.js';

/**
 * The stored indexes of orders (their open and end moments) with every trade of each window, read
 * back from the trades table: the evidence a user can check a settlement against.
 */
export async function loadEvidence(
  db: Db,
  rows: readonly MicroRow[],
  decimalsOf: (marketId: number) => number,
): Promise<Map<number, { open: IndexRecord; end: IndexRecord | null }>> {
  const wanted = new Map<string, { marketId: number; at: number }>();
  for (const r of rows) {
    if (r.status !== 3) continue;
    wanted.set(indexKey(r.marketId, r.openAt), { marketId: r.marketId, at: r.openAt });
    wanted.set(indexKey(r.marketId, r.endAt), { marketId: r.marketId, at: r.endAt });
  }
  const out = new Map<number, { open: IndexRecord; end: IndexRecord | null }>();
  if (!wanted.size) return out;
  const conditions: SQL[] = [...wanted.values()].map(
    (w) => and(eq(microIndex.marketId, w.marketId), eq(microIndex.at, new Date(w.at))) as SQL,
  );
  const stored = await db
    .select()
    .from(microIndex)
    .where(or(...conditions));
  const records = new Map<string, IndexRecord>();
  for (const s of stored) {
    const at = s.at.getTime();
    const from = s.fromAt.getTime();
    const windowTrades =
      s.firstTradeId === null || s.lastTradeId === null
        ? []
        : await db
            .select({
              id: trades.id,
              price: trades.price,
              qty: trades.qty,
              maker: trades.makerUserId,
              taker: trades.takerUserId,
              createdAt: trades.createdAt,
            })
            .from(trades)
            .where(
              and(
                eq(trades.marketId, s.marketId),
                between(trades.id, s.firstTradeId, s.lastTradeId),
                gt(trades.createdAt, new Date(from)),
                lte(trades.createdAt, new Date(at)),
              ),
            )
            .orderBy(trades.id);
    records.set(indexKey(s.marketId, at), {
      marketId: s.marketId,
      at,
      source: s.source as IndexRecord['source'],
      from,
      trades: windowTrades.map((t) => ({
        id: t.id,
        at: t.createdAt.getTime(),
        price: units(t.price),
        qty: units(t.qty),
        users: [t.maker, t.taker] as const,
      })),
      bid: s.bid === null ? null : units(s.bid),
      ask: s.ask === null ? null : units(s.ask),
      value: s.value === null ? null : units(s.value),
      priceDecimals: decimalsOf(s.marketId),
      minTrades: s.minTrades,
      minVolume: s.minVolume === null ? null : units(s.minVolume),
    });
  }
  for (const r of rows) {
    const open = records.get(indexKey(r.marketId, r.openAt));
    if (r.status !== 3 || !open) continue;
    // A void open index closes the order at once: it has no end index.
    const end = r.openPrice === null ? null : (records.get(indexKey(r.marketId, r.endAt)) ?? null);
    out.set(r.id, { open, end });
  }
  return out;
}
