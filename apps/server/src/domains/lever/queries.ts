/**
 * The leverage product's queries (core/commands.ts `query`): what its routes and the market list
 * read of its memory, answered as plain data, mostly the calls' ready wire views. Routes never
 * read the handler, so a node without the core can ask these over the network; a query changes
 * nothing, and reads the store (its `db`) only for rows the memory no longer holds.
 */
import { LANGUAGES, LEVER_FILTER, LEVER_FILTERS, LEVER_STATUS } from '@exchange/contract';
import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { wireAmount } from '../../core/amounts.js';
import { type Commands, query } from '../../core/commands.js';
import { reject } from '../../core/result.js';
import { currencies, leverPositions } from '../../db/schema.js';
import { pageResult } from '../../http/paging.js';
import { type LeverHandler, leverRowOf } from './handler.js';
import type { LeverTerms } from './types.js';
import { adminPairView, named, pairTermsView, positionData, positionNow } from './view.js';

/** Lists of lever/my_trade and lever/dealall: 10 rows a page (spec 2 §9, as the spot lists). */
const PAGE_SIZE = 10;

const id = z.number().int().positive();
const lang = z.enum(LANGUAGES);
const page = z.number().int().positive();
/**
 * A query without fields. Loose, so that its message's type (`{ kind }` and its fields) admits
 * the kind; a strict empty object types as a record of `never`.
 */
const noFields = z.looseObject({});

function termsOrFail(lever: LeverHandler, marketId: number): LeverTerms {
  return lever.termsOf(marketId) ?? reject('MARKET_NOT_FOUND');
}

/** The my_trade filters (spec 2 §2) as conditions on the stored rows. */
function filterOf(status: number): SQL | undefined {
  switch (status) {
    case LEVER_FILTER.current:
      return eq(leverPositions.status, LEVER_STATUS.trading);
    case LEVER_FILTER.allPositions:
      return inArray(leverPositions.status, [
        LEVER_STATUS.trading,
        LEVER_STATUS.closing,
        LEVER_STATUS.closed,
      ]);
    case LEVER_FILTER.allEntrusts:
      return isNotNull(leverPositions.targetPrice);
    case LEVER_FILTER.allClosed:
      return eq(leverPositions.status, LEVER_STATUS.closed);
    case LEVER_FILTER.delegation:
      return eq(leverPositions.status, LEVER_STATUS.entrust);
    default:
      return undefined;
  }
}

export const leverQueries = {
  /** A pair's terms as the core holds them (an operator's change applies there first), or null. */
  terms: query(
    z.object({ marketId: id }),
    (lever: LeverHandler, m) => lever.termsOf(m.marketId) ?? null,
  ),
  /** Every pair's terms (the market list shows a few of each). */
  allTerms: query(noFields, (lever: LeverHandler) => lever.allTerms()),

  /** lever/deal: the order form of a pair (free balance, waiting entrusts, terms, mark). */
  deal: query(z.object({ userId: id, marketId: id, lang }), (lever: LeverHandler, m) => {
    const terms = termsOrFail(lever, m.marketId);
    const pairMark = lever.markOf(terms.marketId);
    const mark = pairMark.value;
    return {
      user_lever: wireAmount(lever.free(m.userId, terms.quoteCurrencyId)),
      multiple: { muit: terms.multiples },
      my_transaction: lever
        .liveRowsOf(m.userId, terms.marketId)
        .filter((r) => r.status === LEVER_STATUS.entrust)
        .map((r) => {
          const v = named(positionData(r, terms, 0n, mark), m.lang);
          return {
            id: v.id,
            type_name: v.type_name,
            time: v.time,
            price: v.price,
            number: v.number,
          };
        }),
      currency_match: pairTermsView(terms),
      mark_price: mark === null ? null : wireAmount(mark),
      mark_status: pairMark.status,
      stop_out_level: lever.stopOut,
      hazard_rate: lever.hazardRate(m.userId, terms.quoteCurrencyId),
    };
  }),

  /** lever/dealall: the user's open positions of a pair at the mark, a page, with the totals. */
  dealAll: query(z.object({ userId: id, marketId: id, page, lang }), (lever: LeverHandler, m) => {
    const terms = termsOrFail(lever, m.marketId);
    const mark = lever.markPrice(terms.marketId);
    const open = lever
      .liveRowsOf(m.userId, terms.marketId)
      .filter((r) => r.status === LEVER_STATUS.trading);
    let profits = 0n;
    let margins = 0n;
    for (const r of open) {
      profits += lever.profitOf(r, mark);
      margins += r.margin;
    }
    const shown = open.slice((m.page - 1) * PAGE_SIZE, m.page * PAGE_SIZE);
    return {
      hazard_rate: lever.hazardRate(m.userId, terms.quoteCurrencyId),
      profits_all: wireAmount(profits),
      caution_money_all: wireAmount(margins),
      trades: pageResult(
        shown.map((r) => named(positionData(r, terms, lever.profitOf(r, mark), mark), m.lang)),
        open.length,
        { page: m.page, limit: PAGE_SIZE },
      ),
    };
  }),

  /** lever/my_trade: a page of the user's stored rows by tab, newest first. */
  myTrade: query(
    z.object({
      userId: id,
      marketId: id.optional(),
      status: z.literal(LEVER_FILTERS),
      page,
      lang,
    }),
    async (lever: LeverHandler, m, db) => {
      const where = and(
        eq(leverPositions.userId, m.userId),
        m.marketId === undefined ? undefined : eq(leverPositions.marketId, m.marketId),
        filterOf(m.status),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(leverPositions)
          .where(where)
          .orderBy(desc(leverPositions.id))
          .limit(PAGE_SIZE)
          .offset((m.page - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(leverPositions).where(where),
      ]);
      return pageResult(
        // Live rows as the core holds them now (stops just set, a close not yet stored).
        rows.map((r) => named(positionNow(lever, lever.row(r.id) ?? leverRowOf(r)), m.lang)),
        total?.n ?? 0,
        { page: m.page, limit: PAGE_SIZE },
      );
    },
  ),

  /**
   * admin/lever/overview: the stop-out level, each quote currency's house, insurance and what the
   * house owes, and every pair's terms with its mark and depth now.
   */
  overview: query(noFields, async (lever: LeverHandler, _m, db) => {
    const terms = lever.allTerms();
    const quoteIds = [...new Set(terms.map((t) => t.quoteCurrencyId))];
    const codes = quoteIds.length
      ? await db
          .select({ id: currencies.id, code: currencies.code })
          .from(currencies)
          .where(inArray(currencies.id, quoteIds))
      : [];
    const codeOf = new Map(codes.map((c) => [c.id, c.code]));
    return {
      stop_out_level: lever.stopOut,
      accounts: quoteIds.map((currencyId) => ({
        currency_id: currencyId,
        currency: codeOf.get(currencyId) ?? String(currencyId),
        house: wireAmount(lever.systemBalance('lever-house', currencyId)),
        insurance: wireAmount(lever.systemBalance('lever-insurance', currencyId)),
        exposure: wireAmount(lever.exposure(currencyId)),
        open_positions: lever.openPositions(currencyId),
      })),
      pairs: terms.map((t) => {
        const mark = lever.markOf(t.marketId);
        return {
          ...adminPairView(t),
          open_hands: lever.openHands(t.marketId),
          mark_status: mark.status,
          mark_price: mark.value === null ? null : wireAmount(mark.value),
          mark_average: mark.average === null ? null : wireAmount(mark.average),
          bid_depth: wireAmount(mark.bidDepth),
          ask_depth: wireAmount(mark.askDepth),
        };
      }),
    };
  }),
} satisfies Commands<LeverHandler>;
