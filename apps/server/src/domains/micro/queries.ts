/**
 * Micro trade's queries (core/commands.ts `query`): what its calls read of its memory (terms,
 * balances, the house, orders in progress) and of the store, answered as the calls' wire views.
 * The calls never hold the handler, so a node without the core can ask these over the network.
 */
import { MICRO_STATUS } from '@exchange/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { plainAt, toScale, wireAmount } from '../../core/amounts.js';
import { query } from '../../core/commands.js';
import type { Db } from '../../db/client.js';
import { currencies, microOrders } from '../../db/schema.js';
import { loadEvidence } from './evidence.js';
import type { MicroHandler } from './handler.js';
import { microRowOf } from './load.js';
import type { IndexRecord } from './types.js';
import {
  currencyView,
  guardView,
  houseRow,
  indexView,
  namesOf,
  optionViews,
  orderView,
  pairView,
} from './view.js';

const id = z.number().int().positive();
/**
 * A query without fields. Loose: `z.object({})` is typed `Record<string, never>`, which no message
 * (it has a `kind`) satisfies.
 */
const noFields = z.looseObject({});

/** Each pair's price decimals, as the evidence of its indexes needs them. */
const decimalsOf = (micro: MicroHandler) => (marketId: number) =>
  micro.pair(marketId)?.priceDecimals ?? 18;

/** The house in every currency it holds or owes in, named by the currencies table. */
async function houseRows(micro: MicroHandler, db: Db) {
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .orderBy(currencies.id);
  const codes = new Map(rows.map((r) => [r.id, r.code]));
  return micro.houseCurrencies().map((c) => houseRow(micro, c, codes.get(c) ?? String(c)));
}

export const microQueries = {
  /** The enabled stake currencies with the user's micro account in each (payable_currencies). */
  currencies: query(z.object({ userId: id }), (micro: MicroHandler, m) =>
    micro
      .allCurrencies()
      .filter((c) => c.enabled)
      .map((c) => {
        const account = micro.balanceOf(m.userId, c.currencyId);
        return {
          id: c.currencyId,
          code: c.code,
          decimals: c.decimals,
          micro_account: {
            balance: wireAmount(account.available),
            lock_balance: wireAmount(account.locked),
          },
          micro_numbers: c.numbers.map((n) => ({ number: plainAt(n, c.decimals) })),
          min_number: plainAt(c.min, c.decimals),
          max_number: plainAt(c.max, c.decimals),
          fee_rate: c.feeRate,
        };
      }),
  ),

  /** A pair's seconds options (the default ones without a pair); null: no such pair. */
  seconds: query(z.object({ marketId: id.optional() }), (micro: MicroHandler, m) =>
    m.marketId !== undefined && !micro.pair(m.marketId)
      ? null
      : optionViews(micro.optionsOf(m.marketId)),
  ),

  /**
   * A page of the user's orders of a status, newest first, from the store; those in progress as
   * the core holds them now (an open price just evaluated), closed ones with their evidence.
   * `now` is the caller's clock (ms): what the time left of an order in progress counts from.
   */
  orders: query(
    z.object({
      userId: id,
      status: z.union([z.literal(MICRO_STATUS.open), z.literal(MICRO_STATUS.closed)]),
      marketId: id.optional(),
      page: id,
      limit: id,
      now: z.number().int().nonnegative(),
    }),
    async (micro: MicroHandler, m, db) => {
      const where = and(
        eq(microOrders.userId, m.userId),
        eq(microOrders.status, m.status),
        m.marketId === undefined ? undefined : eq(microOrders.marketId, m.marketId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(microOrders)
          .where(where)
          .orderBy(desc(microOrders.id))
          .limit(m.limit)
          .offset((m.page - 1) * m.limit),
        db.select({ n: count() }).from(microOrders).where(where),
      ]);
      const orders = rows.map((r) => micro.openOrder(r.id) ?? microRowOf(r));
      const evidence =
        m.status === MICRO_STATUS.closed
          ? await loadEvidence(db, orders, decimalsOf(micro))
          : new Map<number, { open: IndexRecord; end: IndexRecord | null }>();
      return {
        orders: orders.map((r) =>
          orderView(r, namesOf(micro, r), m.now, evidence.get(r.id) ?? null),
        ),
        total: total?.n ?? 0,
      };
    },
  ),

  /** How one of the user's closed orders was settled; null: not theirs, not closed, no index. */
  evidence: query(z.object({ userId: id, id }), async (micro: MicroHandler, m, db) => {
    const [stored] = await db.select().from(microOrders).where(eq(microOrders.id, m.id));
    if (!stored || stored.userId !== m.userId) return null;
    const row = microRowOf(stored);
    const { outcome } = row;
    if (row.status !== MICRO_STATUS.closed || !outcome) return null;
    const found = (await loadEvidence(db, [row], decimalsOf(micro))).get(row.id);
    if (!found) return null;
    const evidence = {
      open: indexView(found.open, row),
      end: found.end ? indexView(found.end, row) : null,
    };
    return { id: row.id, outcome, ...evidence, evidence };
  }),

  /** The house in every currency it holds or owes in. */
  house: query(noFields, (micro: MicroHandler, _m, db) => houseRows(micro, db)),

  /** The house in one currency (named by the caller, who read the currencies table). */
  houseOf: query(z.object({ currencyId: id, code: z.string() }), (micro: MicroHandler, m) =>
    houseRow(micro, m.currencyId, m.code),
  ),

  /**
   * A pair's cap in a stake currency and its guard, as the operator's settings call answers
   * them, with what the call checks before it changes anything: the currency's decimals and
   * whether micro trade knows the pair. Null: not a stake currency.
   */
  settings: query(z.object({ marketId: id, currencyId: id }), (micro: MicroHandler, m) => {
    const terms = micro.currency(m.currencyId);
    if (!terms) return null;
    return {
      decimals: terms.decimals,
      pair: micro.pair(m.marketId) !== undefined,
      view: {
        match_id: m.marketId,
        currency_id: m.currencyId,
        exposure_cap: wireAmount(toScale(micro.capOf(m.marketId, m.currencyId), terms.decimals)),
        ...guardView(micro.guardOf(m.marketId)),
      },
    };
  }),

  /** The operator's desk: default options, every pair, every currency's terms, the house. */
  overview: query(noFields, async (micro: MicroHandler, _m, db) => {
    const all = await db
      .select({ id: currencies.id, code: currencies.code, decimals: currencies.displayDecimals })
      .from(currencies)
      .orderBy(currencies.id);
    return {
      default_options: optionViews(micro.defaultOptions()),
      pairs: micro
        .allPairs()
        .sort((a, b) => a.marketId - b.marketId)
        .map((p) => pairView(micro, p)),
      currencies: all.map((c) => {
        const terms = micro.currency(c.id);
        return terms
          ? currencyView(terms)
          : {
              id: c.id,
              code: c.code,
              enabled: 0 as const,
              micro_numbers: [],
              min_number: '0',
              max_number: '0',
              fee_rate: '0',
              default_cap: '0',
            };
      }),
      house: await houseRows(micro, db),
    };
  }),
};
