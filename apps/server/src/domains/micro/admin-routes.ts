import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { units, wireAmount } from '../../core/amounts.js';
import { MULTIPLE_RULE, parseMoney, parseMultiple, parseSignedMoney } from '../../core/parse.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findCurrency } from '../assets/index.js';
import type { MicroOptionTerms } from './types.js';

const RATE = /^\d{1,6}(\.\d{1,8})?$/;

/**
 * A fraction typed by the operator: a plain decimal of at most 8 decimals, ≥ 0 (or > 0) and below
 * `below` (compared exactly, as ledger units), stored without trailing zeros.
 */
export function rate(value: string, name: string, rule: { below: string; positive: boolean }) {
  const text = value.trim();
  const ok =
    RATE.test(text) && units(text) < units(rule.below) && (rule.positive ? units(text) > 0n : true);
  if (!ok) {
    const floor = rule.positive ? '> 0' : '≥ 0';
    throw new AppError('micro.settings_invalid', {
      rule: `${name} ${floor} and < ${rule.below}, at most 8 decimals`,
    });
  }
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Seconds options: distinct durations, each ratio > 0 and < 10 (1,000 %), sorted by duration. */
export function options(list: { seconds: number; profit_ratio: string }[]): MicroOptionTerms[] {
  const seen = new Set<number>();
  const out = list.map((o) => {
    if (seen.has(o.seconds))
      throw new AppError('micro.settings_invalid', {
        rule: `each duration once (${String(o.seconds)} s twice)`,
      });
    seen.add(o.seconds);
    return {
      seconds: o.seconds,
      ratio: rate(o.profit_ratio, 'profit_ratio', { below: '10', positive: true }),
    };
  });
  return out.sort((a, b) => a.seconds - b.seconds);
}

/** An amount ≥ 0 of a currency ("0" allowed, unlike parseMoney). */
function nonNegative(value: string, decimals: number): bigint {
  return /^0+(\.0+)?$/.test(value.trim()) ? 0n : parseMoney(value, decimals);
}

/** The multiple of the bound (core `parseMultiple`, as lever's), a plain decimal. */
function multiple(value: string): string {
  const text = parseMultiple(value);
  if (text === null) throw new AppError('micro.settings_invalid', { rule: MULTIPLE_RULE });
  return text;
}

/**
 * The operator's micro-trade desk: house, caps, options, stake currencies. What the operator
 * typed is checked here, with the desk's error keys, before anything changes; the changes are
 * micro's commands and the answers its queries (messages.ts, queries.ts).
 */
export function microAdminRoutes(app: FastifyInstance) {
  route(app, CALLS.adminMicroHouse, ({ ctx }) => ctx.ask({ kind: 'micro.house' }));

  route(app, CALLS.adminMicroFund, async ({ ctx, session, input }) => {
    const currency = await findCurrency(ctx.db, input.currency);
    const amount = parseSignedMoney(input.amount, currency.decimals);
    // The core keeps the house's floor (what its open orders could win): a draw stops there.
    await ctx.send({
      kind: 'wallet.adjustSystem',
      actorId: session.userId,
      code: 'micro-house',
      currencyId: currency.id,
      amount: wireAmount(amount),
      reason: input.reason,
    });
    return ctx.ask({ kind: 'micro.houseOf', currencyId: currency.id, code: currency.code });
  });

  route(app, CALLS.adminMicroSettings, async ({ ctx, session, input }) => {
    const target = { marketId: input.match_id, currencyId: input.currency_id };
    const current = await ctx.ask({ kind: 'micro.settings', ...target });
    if (!current) throw new AppError('micro.currency', { currency: String(input.currency_id) });
    const market = ctx.markets.market(input.match_id);
    if (!market || !current.pair) throw new AppError('market.not_found');
    // Every value is checked before anything changes: a bad one changes nothing.
    const cap =
      input.exposure_cap === undefined ? null : nonNegative(input.exposure_cap, current.decimals);
    const guard: { minTrades?: number; minVolume?: string; multiple?: string } = {};
    if (input.index_min_trades !== undefined) guard.minTrades = input.index_min_trades;
    if (input.index_min_volume !== undefined)
      guard.minVolume = wireAmount(parseMoney(input.index_min_volume, market.qtyDecimals));
    if (input.manipulation_multiple !== undefined)
      guard.multiple = multiple(input.manipulation_multiple);
    const actorId = session.userId;
    if (cap !== null)
      await ctx.send({ kind: 'micro.setCap', actorId, ...target, cap: wireAmount(cap) });
    const guarded = Object.keys(guard).length > 0;
    if (guarded)
      await ctx.send({ kind: 'micro.setGuard', actorId, marketId: input.match_id, ...guard });
    if (cap === null && !guarded) return current.view;
    // The cap and the guard as they stand after the change.
    const next = await ctx.ask({ kind: 'micro.settings', ...target });
    return (next ?? current).view;
  });

  route(app, CALLS.adminMicroPair, async ({ ctx, session, input }) => {
    const change: { open?: boolean; options?: MicroOptionTerms[] } = {};
    if (input.open_microtrade !== undefined) change.open = input.open_microtrade === 1;
    if (input.options !== undefined) change.options = options(input.options);
    return ctx.send({
      kind: 'micro.setPair',
      actorId: session.userId,
      marketId: input.match_id,
      ...change,
    });
  });

  route(app, CALLS.adminMicroDefaults, async ({ ctx, session, input }) =>
    ctx.send({
      kind: 'micro.setDefaults',
      actorId: session.userId,
      options: options(input.options),
    }),
  );

  route(app, CALLS.adminMicroCurrency, async ({ ctx, session, input }) => {
    const currency = await findCurrency(ctx.db, String(input.currency_id));
    const d = currency.decimals;
    const money = (value: string) => wireAmount(parseMoney(value, d));
    return ctx.send({
      kind: 'micro.setCurrency',
      actorId: session.userId,
      currencyId: currency.id,
      code: currency.code,
      decimals: d,
      ...(input.enabled === undefined ? {} : { enabled: input.enabled === 1 }),
      ...(input.micro_numbers === undefined
        ? {}
        : {
            numbers: [...new Set(input.micro_numbers.map((n) => parseMoney(n, d)))]
              .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
              .map(wireAmount),
          }),
      ...(input.min_number === undefined ? {} : { min: money(input.min_number) }),
      ...(input.max_number === undefined ? {} : { max: money(input.max_number) }),
      ...(input.fee_rate === undefined
        ? {}
        : { feeRate: rate(input.fee_rate, 'fee_rate', { below: '0.5', positive: false }) }),
      ...(input.default_cap === undefined
        ? {}
        : { defaultCap: wireAmount(nonNegative(input.default_cap, d)) }),
    });
  });

  route(app, CALLS.adminMicroOverview, ({ ctx }) => ctx.ask({ kind: 'micro.overview' }));
}
