import {
  isOrderStatus,
  ORDER_STATUS,
  type Lang,
  type Page,
  type SpotOrder,
} from '@exchange/contract';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { markets, orders } from '../../db/schema.js';
import { units } from '../../core/amounts.js';
import { toSpotOrder } from './order-view.js';
import { pageResult } from '../../http/paging.js';

const columns = {
  id: orders.id,
  marketId: orders.marketId,
  symbol: markets.symbol,
  side: orders.side,
  type: orders.type,
  price: orders.price,
  qty: orders.qty,
  filledQty: orders.filledQty,
  filledQuote: orders.filledQuote,
  fee: orders.fee,
  status: orders.status,
  clientOrderId: orders.clientOrderId,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

interface Row {
  id: number;
  marketId: number;
  symbol: string;
  side: number;
  type: number;
  price: string;
  qty: string;
  filledQty: string;
  filledQuote: string;
  fee: string;
  status: number;
  clientOrderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function view(r: Row, lang: Lang): SpotOrder {
  return toSpotOrder(
    {
      ...r,
      side: r.side === 2 ? 2 : 1,
      type: r.type === 1 ? 1 : 0,
      status: isOrderStatus(r.status) ? r.status : ORDER_STATUS.open,
      price: units(r.price),
      qty: units(r.qty),
      filledQty: units(r.filledQty),
      filledQuote: units(r.filledQuote),
      fee: units(r.fee),
    },
    r.symbol,
    lang,
  );
}

export async function findOrder(db: Db, userId: number, id: number, lang: Lang) {
  const [row] = await db
    .select(columns)
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return row ? { row, order: view(row, lang) } : null;
}

/** A user's orders, newest first, in the documents' paging shape (spec 2 §9: 10 a page). */
export async function listOrders(
  db: Db,
  filter: { userId: number; side?: 1 | 2; open: boolean; marketId?: number | undefined },
  paging: { page: number; limit: number },
  lang: Lang,
): Promise<Page<SpotOrder>> {
  const conditions: SQL[] = [eq(orders.userId, filter.userId)];
  conditions.push(
    filter.open
      ? eq(orders.status, ORDER_STATUS.open)
      : inArray(orders.status, [ORDER_STATUS.filled, ORDER_STATUS.cancelled]),
  );
  if (filter.side) conditions.push(eq(orders.side, filter.side));
  if (filter.marketId) conditions.push(eq(orders.marketId, filter.marketId));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select(columns)
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  return pageResult(
    rows.map((r) => view(r, lang)),
    total?.n ?? 0,
    paging,
  );
}
