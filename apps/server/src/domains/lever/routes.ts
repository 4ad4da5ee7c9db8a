import { CALLS, type Lang } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { Rejected } from '../../core/result.js';
import { leverPositions } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { requestLang } from '../../http/lang.js';
import { route } from '../../http/route.js';
import { checkPayPassword } from '../assets/index.js';
import { named, type PositionData } from './view.js';

/**
 * A command on one of the user's rows, answered in `lang`. The core holds only live rows: one it
 * no longer holds (closed or cancelled) is refused as not found, yet it is still the user's, so
 * the store tells `error` (it is not open, not waiting) from not found.
 */
async function onRow(
  ctx: AppContext,
  userId: number,
  id: number,
  error: 'lever.not_open' | 'lever.not_entrust',
  lang: Lang,
  send: () => Promise<{ position: PositionData }>,
) {
  try {
    return named((await send()).position, lang);
  } catch (err) {
    if (!(err instanceof Rejected) || err.code !== 'LEVER_NOT_FOUND') throw err;
    const [stored] = await ctx.db
      .select({ userId: leverPositions.userId })
      .from(leverPositions)
      .where(eq(leverPositions.id, id));
    throw new AppError(stored?.userId === userId ? error : 'lever.not_found');
  }
}

export function leverRoutes(app: FastifyInstance) {
  route(app, CALLS.leverDeal, ({ ctx, session, input, request }) =>
    ctx.ask({
      kind: 'lever.deal',
      userId: session.userId,
      marketId: input.currency_match_id,
      lang: requestLang(request),
    }),
  );

  route(app, CALLS.leverSubmit, async ({ ctx, session, input, request }) => {
    // An unknown pair is said before the price and the password are checked.
    const terms = await ctx.ask({ kind: 'lever.terms', marketId: input.currency_match_id });
    if (!terms) throw new AppError('market.not_found');
    if (input.status === 0 && !input.target_price) throw new AppError('lever.p_price');
    if (!input.password) throw new AppError('lever.p_password');
    await checkPayPassword(ctx.db, session.userId, input.password);
    const { position } = await ctx.send({
      kind: 'lever.open',
      userId: session.userId,
      marketId: input.currency_match_id,
      side: input.type,
      status: input.status,
      share: input.share,
      multiple: input.multiple,
      targetPrice: input.target_price ?? null,
    });
    return named(position, requestLang(request));
  });

  route(app, CALLS.leverCancel, ({ ctx, session, input, request }) =>
    onRow(ctx, session.userId, input.id, 'lever.not_entrust', requestLang(request), () =>
      ctx.send({ kind: 'lever.cancel', userId: session.userId, id: input.id }),
    ),
  );

  route(app, CALLS.leverClose, ({ ctx, session, input, request }) =>
    onRow(ctx, session.userId, input.id, 'lever.not_open', requestLang(request), () =>
      ctx.send({ kind: 'lever.close', userId: session.userId, id: input.id }),
    ),
  );

  route(app, CALLS.leverSetStop, ({ ctx, session, input, request }) =>
    onRow(ctx, session.userId, input.id, 'lever.not_open', requestLang(request), () =>
      ctx.send({
        kind: 'lever.stops',
        userId: session.userId,
        id: input.id,
        takeProfit: input.target_profit_price ?? null,
        stopLoss: input.stop_loss_price ?? null,
      }),
    ),
  );

  // The command refuses a pair without terms itself (MARKET_NOT_FOUND, market.not_found).
  route(app, CALLS.leverBatchClose, async ({ ctx, session, input }) => {
    const result = await ctx.send({
      kind: 'lever.closeAll',
      userId: session.userId,
      marketId: input.currency_match_id,
      side: input.type,
    });
    return { ids: result.ids, mark_price: result.mark };
  });

  route(app, CALLS.leverDealAll, ({ ctx, session, input, request }) =>
    ctx.ask({
      kind: 'lever.dealAll',
      userId: session.userId,
      marketId: input.currency_match_id,
      page: input.page,
      lang: requestLang(request),
    }),
  );

  route(app, CALLS.leverMyTrade, ({ ctx, session, input, request }) =>
    ctx.ask({
      kind: 'lever.myTrade',
      userId: session.userId,
      marketId: input.currency_match_id,
      status: input.status,
      page: input.page,
      lang: requestLang(request),
    }),
  );
}
