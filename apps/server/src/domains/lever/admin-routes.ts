import { CALLS } from '@exchange/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { units } from '../../core/amounts.js';
import { MULTIPLE_RULE, parseMultiple } from '../../core/parse.js';
import { leverPositions, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { leverRowOf, type TermsInput } from './handler.js';
import { adminPairView, positionView } from './view.js';

const PAGE_SIZE = 20;

const DECIMAL = /^\d{1,12}(\.\d{1,18})?$/;

/**
 * A rate or size as typed by the operator: a plain decimal (at most 12 whole digits and 18
 * decimals, so it fits its NUMERIC(48,18) column) within [min, below), compared exactly as ledger
 * units, never as a float; else refused.
 */
function decimal(
  value: string | undefined,
  name: string,
  rule: { min: string; below: string; positive?: boolean; decimals?: number },
): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const decimals = text.split('.')[1]?.length ?? 0;
  const n = DECIMAL.test(text) ? units(text) : null;
  const bad =
    n === null ||
    n < units(rule.min) ||
    n >= units(rule.below) ||
    (rule.positive === true && n <= 0n) ||
    (rule.decimals !== undefined && decimals > rule.decimals);
  if (bad) {
    const range = `${rule.positive ? '>' : '≥'} ${rule.min} and < ${rule.below}`;
    const places = rule.decimals === undefined ? '' : `, at most ${String(rule.decimals)} decimals`;
    throw new AppError('lever.terms_invalid', { rule: `${name} ${range}${places}` });
  }
  // Stored without trailing zeros, as the maths reads it.
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The multiple of the exposure bound (core `parseMultiple`, as micro's). */
function manipulationMultiple(value: string): string {
  const multiple = parseMultiple(value);
  if (multiple === null) throw new AppError('lever.terms_invalid', { rule: MULTIPLE_RULE });
  return multiple;
}

/** The operator's pages: a pair's lever terms (omitted fields keep their value). */
export function leverAdminRoutes(app: FastifyInstance) {
  route(app, CALLS.adminLeverSettings, async ({ ctx, session, input }) => {
    const current = await ctx.ask({ kind: 'lever.terms', marketId: input.currency_match_id });
    if (!current) throw new AppError('market.not_found');
    const change: TermsInput = {};
    if (input.open_lever !== undefined) change.open = input.open_lever === 1;
    const pointRate = decimal(input.lever_point_rate, 'lever_point_rate', {
      min: '0',
      below: '0.5',
    });
    if (pointRate !== undefined) change.pointRate = pointRate;
    const shareNum = decimal(input.lever_share_num, 'lever_share_num', {
      min: '0',
      below: '1000000000000',
      positive: true,
      decimals: current.qtyDecimals,
    });
    if (shareNum !== undefined) change.shareNum = shareNum;
    const feeRate = decimal(input.lever_fee_rate, 'lever_fee_rate', { min: '0', below: '1' });
    if (feeRate !== undefined) change.feeRate = feeRate;
    const overnight = decimal(input.overnight_rate, 'overnight_rate', { min: '0', below: '0.1' });
    if (overnight !== undefined) change.overnightRate = overnight;
    if (input.multiples !== undefined) {
      change.multiples = [...new Set(input.multiples)].sort((a, b) => a - b);
    }
    if (input.min_share !== undefined) change.minShare = input.min_share;
    if (input.max_share !== undefined) change.maxShare = input.max_share;
    if (input.max_open_interest !== undefined) change.maxOpenInterest = input.max_open_interest;
    // The mark price and the exposure bound (docs/architecture.md §4a).
    const minDepth = decimal(input.mark_min_depth, 'mark_min_depth', {
      min: '0',
      below: '1000000000000',
      decimals: Math.min(18, current.priceDecimals + current.qtyDecimals),
    });
    if (minDepth !== undefined) change.markMinDepth = minDepth;
    const band = decimal(input.mark_band, 'mark_band', {
      min: '0',
      below: '0.5',
      positive: true,
      decimals: 6,
    });
    if (band !== undefined) change.markBand = band;
    if (input.mark_window_s !== undefined) change.markWindowS = input.mark_window_s;
    if (input.manipulation_multiple !== undefined)
      change.manipulationMultiple = manipulationMultiple(input.manipulation_multiple);
    const next = await ctx.send({
      kind: 'lever.setTerms',
      actorId: session.userId,
      marketId: input.currency_match_id,
      change,
    });
    return adminPairView(next);
  });
}

/** The operator's view of the leverage desk, its stop-out level and its liquidations. */
export function leverDeskRoutes(app: FastifyInstance) {
  route(app, CALLS.adminLeverOverview, ({ ctx }) => ctx.ask({ kind: 'lever.overview' }));

  route(app, CALLS.adminLeverStopOut, async ({ ctx, session, input }) => {
    const level = decimal(input.level, 'level', { min: '1', below: '100', decimals: 2 });
    if (level === undefined) throw new AppError('lever.terms_invalid', { rule: 'level' });
    return {
      stop_out_level: await ctx.send({ kind: 'lever.setStopOut', actorId: session.userId, level }),
    };
  });

  route(app, CALLS.adminLeverLiquidations, async ({ ctx, input }) => {
    const where = eq(leverPositions.closeReason, 'liquidation');
    const [rows, [total], terms] = await Promise.all([
      ctx.db
        .select({ row: leverPositions, email: users.email, mobile: users.mobile })
        .from(leverPositions)
        .innerJoin(users, eq(users.id, leverPositions.userId))
        .where(where)
        .orderBy(desc(leverPositions.id))
        .limit(PAGE_SIZE)
        .offset((input.page - 1) * PAGE_SIZE),
      ctx.db.select({ n: count() }).from(leverPositions).where(where),
      ctx.ask({ kind: 'lever.allTerms' }),
    ]);
    const termsOf = new Map(terms.map((t) => [t.marketId, t]));
    return pageResult(
      rows.flatMap(({ row, email, mobile }) => {
        const pair = termsOf.get(row.marketId);
        if (!pair) return [];
        // Closed rows: their result is stored, no mark is needed to value them.
        const lever = leverRowOf(row);
        return [
          {
            ...positionView(lever, pair, lever.profit ?? 0n, null, 'en'),
            user: { id: row.userId, account: email ?? mobile ?? String(row.userId) },
          },
        ];
      }),
      total?.n ?? 0,
      { page: input.page, limit: PAGE_SIZE },
    );
  });
}
