import { asc, eq, max } from 'drizzle-orm';
import { plain, units } from '../../core/amounts.js';
import type { Db } from '../../db/client.js';
import { currencies, earnProducts, earnSubscriptions } from '../../db/schema.js';
import type { EarnHandler } from './handler.js';

/** Reads every product and the subscriptions in effect (expired ones stay in the store only). */
export async function loadEarn(h: EarnHandler, db: Db) {
  h.products.clear();
  h.active.clear();
  h.holdings.clear();
  const rows = await db
    .select({ p: earnProducts, code: currencies.code })
    .from(earnProducts)
    .innerJoin(currencies, eq(currencies.id, earnProducts.currencyId))
    .orderBy(asc(earnProducts.id));
  for (const { p, code } of rows) {
    h.products.set(p.id, {
      id: p.id,
      currencyId: p.currencyId,
      currencyCode: code,
      decimals: p.decimals,
      names: p.names,
      yieldSources: p.yieldSources,
      days: p.days,
      rate: plain(p.rate),
      min: units(p.minNumber),
      max: units(p.maxNumber),
      maxPerUser: units(p.maxPerUser),
      quota: units(p.quota),
      saleStart: p.saleStart?.getTime() ?? null,
      saleEnd: p.saleEnd?.getTime() ?? null,
      status: p.status === 2 ? 2 : p.status === 3 ? 3 : 1,
      reserve: units(p.reserve),
      owed: units(p.owed),
      paid: units(p.paid),
      sold: units(p.sold),
      subscriptions: p.subscriptions,
      createdAt: p.createdAt.getTime(),
      updatedAt: p.updatedAt.getTime(),
    });
  }
  const subs = await db
    .select()
    .from(earnSubscriptions)
    .where(eq(earnSubscriptions.status, 1))
    .orderBy(asc(earnSubscriptions.id));
  for (const s of subs) {
    const sub = {
      id: s.id,
      productId: s.productId,
      userId: s.userId,
      currencyId: s.currencyId,
      number: units(s.number),
      daily: units(s.daily),
      days: s.days,
      rate: plain(s.rate),
      startDay: s.startDay,
      paidDays: s.paidDays,
      income: units(s.income),
      status: 1,
      createdAt: s.createdAt.getTime(),
      maturedAt: null,
    } as const;
    h.active.set(s.id, { ...sub });
    h.hold(sub, sub.number);
  }
  const [p] = await db.select({ v: max(earnProducts.id) }).from(earnProducts);
  const [s] = await db.select({ v: max(earnSubscriptions.id) }).from(earnSubscriptions);
  h.next.product = (p?.v ?? 0) + 1;
  h.next.subscription = (s?.v ?? 0) + 1;
}
