import { sql } from 'drizzle-orm';
import { sqlAmount } from '../../core/amounts.js';
import type { Tx } from '../../db/client.js';
import { earnProducts, earnSubscriptions } from '../../db/schema.js';
import type { EarnProductState, EarnSubscriptionState } from './types.js';

/**
 * The earn rows a command changed, written with its batch (`Batch.extras`): each product and
 * subscription as it stands after the command, inserted or updated in one statement per table.
 */
export function writeEarnRows(
  products: readonly EarnProductState[],
  subs: readonly EarnSubscriptionState[],
): (tx: Tx) => Promise<unknown> {
  return async (tx) => {
    if (products.length) {
      await tx
        .insert(earnProducts)
        .values(
          products.map((p) => ({
            id: p.id,
            currencyId: p.currencyId,
            decimals: p.decimals,
            names: p.names,
            yieldSources: p.yieldSources,
            days: p.days,
            rate: p.rate,
            minNumber: sqlAmount(p.min),
            maxNumber: sqlAmount(p.max),
            maxPerUser: sqlAmount(p.maxPerUser),
            quota: sqlAmount(p.quota),
            saleStart: p.saleStart === null ? null : new Date(p.saleStart),
            saleEnd: p.saleEnd === null ? null : new Date(p.saleEnd),
            status: p.status,
            reserve: sqlAmount(p.reserve),
            owed: sqlAmount(p.owed),
            paid: sqlAmount(p.paid),
            sold: sqlAmount(p.sold),
            subscriptions: p.subscriptions,
            createdAt: new Date(p.createdAt),
            updatedAt: new Date(p.updatedAt),
          })),
        )
        .onConflictDoUpdate({
          target: earnProducts.id,
          set: Object.fromEntries(
            [
              'currency_id',
              'decimals',
              'names',
              'yield_sources',
              'days',
              'rate',
              'min_number',
              'max_number',
              'max_per_user',
              'quota',
              'sale_start',
              'sale_end',
              'status',
              'reserve',
              'owed',
              'paid',
              'sold',
              'subscriptions',
              'updated_at',
            ].map((c) => [camel(c), sql.raw(`excluded.${c}`)]),
          ),
        });
    }
    if (subs.length) {
      await tx
        .insert(earnSubscriptions)
        .values(
          subs.map((s) => ({
            id: s.id,
            productId: s.productId,
            userId: s.userId,
            currencyId: s.currencyId,
            number: sqlAmount(s.number),
            daily: sqlAmount(s.daily),
            days: s.days,
            rate: s.rate,
            startDay: s.startDay,
            paidDays: s.paidDays,
            income: sqlAmount(s.income),
            status: s.status,
            createdAt: new Date(s.createdAt),
            maturedAt: s.maturedAt === null ? null : new Date(s.maturedAt),
          })),
        )
        .onConflictDoUpdate({
          target: earnSubscriptions.id,
          set: {
            paidDays: sql.raw('excluded.paid_days'),
            income: sql.raw('excluded.income'),
            status: sql.raw('excluded.status'),
            maturedAt: sql.raw('excluded.matured_at'),
          },
        });
    }
  };
}

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
