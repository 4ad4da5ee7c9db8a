/**
 * Earning products' commands and queries as plain data (core/commands.ts): what its calls, the
 * simulation and, later, the network send it. Amounts travel as decimal strings of ledger units;
 * operator commands carry the operator as `actorId` (their audit entry's). The calls check what a
 * user or operator typed first (with field errors), the handler checks the rules again.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { plain, units } from '../../core/amounts.js';
import { command, messageAmount, messageSignedAmount, query } from '../../core/commands.js';
import { currencies, earnProducts, earnSubscriptions } from '../../db/schema.js';
import type { EarnHandler } from './handler.js';
import type { EarnTerms } from './types.js';
import {
  adminProductView,
  inEffectByProduct,
  productView,
  subscriptionView,
  textIn,
} from './view.js';

const id = z.number().int().positive();
const texts = z.record(z.string(), z.string());
const terms = z.object({
  currencyId: id,
  currencyCode: z.string().min(1),
  decimals: z.number().int().min(0).max(18),
  names: texts,
  yieldSources: texts,
  days: z.number().int().positive(),
  rate: messageAmount,
  min: messageAmount,
  max: messageAmount,
  maxPerUser: messageAmount,
  quota: messageAmount,
  saleStart: z.number().int().nullable(),
  saleEnd: z.number().int().nullable(),
});
const lang = z.string().min(2).max(5);
const noFields = z.looseObject({});

function termsOf(t: z.infer<typeof terms>): EarnTerms {
  return {
    ...t,
    min: units(t.min),
    max: units(t.max),
    maxPerUser: units(t.maxPerUser),
    quota: units(t.quota),
  };
}

export const earnCommands = {
  /** A new product (answers it as the operator's page shows it). */
  create: command(z.object({ actorId: id, lang, terms }), async (earn: EarnHandler, m) =>
    adminProductView(earn, await earn.create(termsOf(m.terms), m.actorId), m.lang),
  ),
  update: command(z.object({ actorId: id, lang, id, terms }), async (earn: EarnHandler, m) =>
    adminProductView(earn, await earn.update(m.id, termsOf(m.terms), m.actorId), m.lang),
  ),
  setStatus: command(
    z.object({
      actorId: id,
      lang,
      id,
      status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      reason: z.string().min(1),
    }),
    async (earn: EarnHandler, m) =>
      adminProductView(earn, await earn.setStatus(m.id, m.status, m.reason, m.actorId), m.lang),
  ),
  /** Funds (or, negative, draws back) a product's interest reserve. */
  fund: command(
    z.object({ actorId: id, lang, id, amount: messageSignedAmount, reason: z.string().min(1) }),
    async (earn: EarnHandler, m) =>
      adminProductView(earn, await earn.fund(m.id, units(m.amount), m.reason, m.actorId), m.lang),
  ),
  subscribe: command(
    z.object({ userId: id, productId: id, amount: messageAmount, lang }),
    async (earn: EarnHandler, m) => {
      const s = await earn.subscribe(m.userId, m.productId, units(m.amount));
      const p = earn.products.get(s.productId);
      const name = p ? textIn(p.names, m.lang) : '';
      return subscriptionView({ ...s, name, currencyCode: p?.currencyCode ?? '' }, earn.day);
    },
  ),
  /** Pays the interest (and unlocks the principal) of every day due now; its timer sends it daily. */
  accrue: command(noFields, async (earn: EarnHandler) => ({ paid: await earn.accrue() })),
};

export const earnQueries = {
  /** What a call needs of a product before it sends a command: its currency and decimals. */
  product: query(z.object({ id }), (earn: EarnHandler, m) => {
    const p = earn.products.get(m.id);
    return p
      ? { id: p.id, currencyId: p.currencyId, currencyCode: p.currencyCode, decimals: p.decimals }
      : null;
  }),
  /** Products on sale or paused, by id, a page of them, with the user's holding. */
  list: query(
    z.object({ userId: id.nullable(), lang, page: id, limit: id }),
    (earn: EarnHandler, m) => {
      const rows = [...earn.products.values()].filter((p) => p.status !== 3);
      const start = (m.page - 1) * m.limit;
      return {
        total: rows.length,
        per_page: m.limit,
        current_page: m.page,
        last_page: Math.max(1, Math.ceil(rows.length / m.limit)),
        data: rows.slice(start, start + m.limit).map((p) => productView(earn, p, m.lang, m.userId)),
      };
    },
  ),
  /** Every product with its money, for the operator. */
  admin: query(z.object({ lang }), (earn: EarnHandler, m) => {
    const inEffect = inEffectByProduct(earn);
    return [...earn.products.values()].map((p) => adminProductView(earn, p, m.lang, inEffect));
  }),
  /** A user's subscriptions, newest first, from the store (expired ones are not in memory). */
  my: query(
    z.object({
      userId: id,
      lang,
      page: id,
      limit: id,
      status: z.union([z.literal(1), z.literal(2)]).nullable(),
    }),
    async (earn: EarnHandler, m, db) => {
      const where = and(
        eq(earnSubscriptions.userId, m.userId),
        m.status === null ? undefined : eq(earnSubscriptions.status, m.status),
      );
      const [total] = await db.select({ n: count() }).from(earnSubscriptions).where(where);
      const rows = await db
        .select({ s: earnSubscriptions, names: earnProducts.names, code: currencies.code })
        .from(earnSubscriptions)
        .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
        .innerJoin(currencies, eq(currencies.id, earnSubscriptions.currencyId))
        .where(where)
        .orderBy(desc(earnSubscriptions.id))
        .limit(m.limit)
        .offset((m.page - 1) * m.limit);
      const n = total?.n ?? 0;
      return {
        total: n,
        per_page: m.limit,
        current_page: m.page,
        last_page: Math.max(1, Math.ceil(n / m.limit)),
        data: rows.map(({ s, names, code }) =>
          subscriptionView(
            {
              id: s.id,
              productId: s.productId,
              name: textIn(names, m.lang),
              currencyCode: code,
              number: units(s.number),
              daily: units(s.daily),
              days: s.days,
              rate: plain(s.rate),
              startDay: s.startDay,
              paidDays: s.paidDays,
              income: units(s.income),
              status: s.status === 2 ? 2 : 1,
              createdAt: s.createdAt.getTime(),
            },
            earn.day,
          ),
        ),
      };
    },
  ),
};
