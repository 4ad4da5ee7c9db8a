import { CALLS, LEVER_FILTER, LEVER_STATUS } from '@exchange/contract';
import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { wireAmount } from '../../core/amounts.js';
import { leverPositions } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { requestLang } from '../../http/lang.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { checkPayPassword } from '../assets/index.js';
import { leverRowOf } from './handler.js';
import type { LeverRow } from './types.js';
import { positionView } from './view.js';
import type { Lang } from '@exchange/contract';

/** Lists of lever/my_trade and lever/dealall: 10 rows a page (spec 2 §9, as the spot lists). */
const PAGE_SIZE = 10;

function termsOrFail(ctx: AppContext, marketId: number) {
  const terms = ctx.lever.termsOf(marketId);
  if (!terms) throw new AppError('market.not_found');
  return terms;
}

function view(ctx: AppContext, row: LeverRow, lang: Lang) {
  const terms = termsOrFail(ctx, row.marketId);
  const mark = ctx.lever.markPrice(row.marketId);
  return positionView(row, terms, ctx.lever.profitOf(row, mark), mark, lang);
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

/**
 * A row the core no longer holds live (closed or cancelled) is still the user's: say so instead
 * of "not found".
 */
async function knownRow(
  ctx: AppContext,
  userId: number,
  id: number,
  error: 'lever.not_open' | 'lever.not_entrust',
) {
  if (ctx.lever.row(id)) return;
  const [stored] = await ctx.db
    .select({ userId: leverPositions.userId })
    .from(leverPositions)
    .where(eq(leverPositions.id, id));
  throw new AppError(stored?.userId === userId ? error : 'lever.not_found');
}

export function leverRoutes(app: FastifyInstance) {
  route(app, CALLS.leverDeal, ({ ctx, session, input, request }) => {
    const terms = termsOrFail(ctx, input.currency_match_id);
    const lang = requestLang(request);
    const pairMark = ctx.lever.markOf(terms.marketId);
    const mark = pairMark.value;
    return Promise.resolve({
      user_lever: wireAmount(ctx.lever.free(session.userId, terms.quoteCurrencyId)),
      multiple: { muit: terms.multiples },
      my_transaction: ctx.lever
        .liveRowsOf(session.userId, terms.marketId)
        .filter((r) => r.status === LEVER_STATUS.entrust)
        .map((r) => {
          const v = positionView(r, terms, 0n, mark, lang);
          return {
            id: v.id,
            type_name: v.type_name,
            time: v.time,
            price: v.price,
            number: v.number,
          };
        }),
      currency_match: {
        id: terms.marketId,
        symbol: terms.symbol,
        open_lever: terms.open ? (1 as const) : (0 as const),
        lever_point_rate: terms.pointRate,
        lever_share_num: terms.shareNum,
        lever_fee_rate: terms.feeRate,
        min_share: terms.minShare,
        max_share: terms.maxShare,
        overnight_rate: terms.overnightRate,
        price_decimals: terms.priceDecimals,
        qty_decimals: terms.qtyDecimals,
        quote_decimals: terms.amountDecimals,
      },
      mark_price: mark === null ? null : wireAmount(mark),
      mark_status: pairMark.status,
      stop_out_level: ctx.lever.stopOut,
      hazard_rate: ctx.lever.hazardRate(session.userId, terms.quoteCurrencyId),
    });
  });

  route(app, CALLS.leverSubmit, async ({ ctx, session, input, request }) => {
    termsOrFail(ctx, input.currency_match_id);
    if (input.status === 0 && !input.target_price) throw new AppError('lever.p_price');
    if (!input.password) throw new AppError('lever.p_password');
    await checkPayPassword(ctx.db, session.userId, input.password);
    const row = await ctx.lever.submit({
      userId: session.userId,
      marketId: input.currency_match_id,
      side: input.type,
      status: input.status,
      share: input.share,
      multiple: input.multiple,
      targetPrice: input.target_price ?? null,
    });
    return view(ctx, row, requestLang(request));
  });

  route(app, CALLS.leverCancel, async ({ ctx, session, input, request }) => {
    await knownRow(ctx, session.userId, input.id, 'lever.not_entrust');
    return view(ctx, await ctx.lever.cancel(session.userId, input.id), requestLang(request));
  });

  route(app, CALLS.leverClose, async ({ ctx, session, input, request }) => {
    await knownRow(ctx, session.userId, input.id, 'lever.not_open');
    return view(ctx, await ctx.lever.close(session.userId, input.id), requestLang(request));
  });

  route(app, CALLS.leverSetStop, async ({ ctx, session, input, request }) => {
    await knownRow(ctx, session.userId, input.id, 'lever.not_open');
    const row = await ctx.lever.setStops(
      session.userId,
      input.id,
      input.target_profit_price ?? null,
      input.stop_loss_price ?? null,
    );
    return view(ctx, row, requestLang(request));
  });

  route(app, CALLS.leverBatchClose, async ({ ctx, session, input }) => {
    termsOrFail(ctx, input.currency_match_id);
    const result = await ctx.lever.batchClose(session.userId, input.currency_match_id, input.type);
    return { ids: result.ids, mark_price: result.mark === null ? null : wireAmount(result.mark) };
  });

  route(app, CALLS.leverDealAll, ({ ctx, session, input, request }) => {
    const terms = termsOrFail(ctx, input.currency_match_id);
    const lang = requestLang(request);
    const mark = ctx.lever.markPrice(terms.marketId);
    const open = ctx.lever
      .liveRowsOf(session.userId, terms.marketId)
      .filter((r) => r.status === LEVER_STATUS.trading);
    let profits = 0n;
    let margins = 0n;
    for (const r of open) {
      profits += ctx.lever.profitOf(r, mark);
      margins += r.margin;
    }
    const page = open.slice((input.page - 1) * PAGE_SIZE, input.page * PAGE_SIZE);
    return Promise.resolve({
      hazard_rate: ctx.lever.hazardRate(session.userId, terms.quoteCurrencyId),
      profits_all: wireAmount(profits),
      caution_money_all: wireAmount(margins),
      trades: pageResult(
        page.map((r) => positionView(r, terms, ctx.lever.profitOf(r, mark), mark, lang)),
        open.length,
        { page: input.page, limit: PAGE_SIZE },
      ),
    });
  });

  route(app, CALLS.leverMyTrade, async ({ ctx, session, input, request }) => {
    const lang = requestLang(request);
    const where = and(
      eq(leverPositions.userId, session.userId),
      input.currency_match_id === undefined
        ? undefined
        : eq(leverPositions.marketId, input.currency_match_id),
      filterOf(input.status),
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(leverPositions)
        .where(where)
        .orderBy(desc(leverPositions.id))
        .limit(PAGE_SIZE)
        .offset((input.page - 1) * PAGE_SIZE),
      ctx.db.select({ n: count() }).from(leverPositions).where(where),
    ]);
    return pageResult(
      rows.map((r) => {
        // Live rows as the core holds them now (stops just set, a close not yet stored).
        const row = ctx.lever.row(r.id) ?? leverRowOf(r);
        return view(ctx, row, lang);
      }),
      total?.n ?? 0,
      { page: input.page, limit: PAGE_SIZE },
    );
  });
}
