import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { plainAt, toScale, units, wireAmount } from '../../core/amounts.js';
import { MULTIPLE_RULE, parseMoney, parseMultiple, parseSignedMoney } from '../../core/parse.js';
import { currencies } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findCurrency } from '../assets/index.js';
import { guardJson } from './settings.js';
import type { MicroCurrencyTerms, MicroGuard, MicroOptionTerms, MicroPair } from './types.js';

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

function houseRow(ctx: AppContext, currencyId: number, code: string) {
  return {
    currency_id: currencyId,
    currency: code,
    balance: wireAmount(ctx.micro.houseBalance(currencyId)),
    exposure: wireAmount(ctx.micro.exposure(currencyId)),
  };
}

async function houseRows(ctx: AppContext) {
  const rows = await ctx.db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .orderBy(currencies.id);
  const codes = new Map(rows.map((r) => [r.id, r.code]));
  return ctx.micro.houseCurrencies().map((id) => houseRow(ctx, id, codes.get(id) ?? String(id)));
}

function pairView(ctx: AppContext, p: MicroPair) {
  return {
    id: p.marketId,
    symbol: p.symbol,
    open_microtrade: p.open ? (1 as const) : (0 as const),
    options: ctx.micro
      .optionsOf(p.marketId)
      .map((o) => ({ seconds: o.seconds, profit_ratio: o.ratio })),
    own: p.options !== null,
    caps: ctx.micro.ownCaps(p.marketId).map((c) => ({
      currency_id: c.currencyId,
      exposure_cap: plainAt(c.cap, ctx.micro.currency(c.currencyId)?.decimals ?? 18),
    })),
    open_orders: ctx.micro.openOrdersOf(p.marketId),
    ...guardView(ctx.micro.guardOf(p.marketId)),
    manipulation: ctx.micro
      .allCurrencies()
      .filter((c) => c.enabled)
      .map((c) => {
        const { cost, bound } = ctx.micro.manipulation(p.marketId, c.currencyId);
        return {
          currency_id: c.currencyId,
          cost: wireAmount(cost),
          bound: wireAmount(bound),
          exposure: wireAmount(ctx.micro.pairExposure(p.marketId, c.currencyId)),
        };
      }),
  };
}

function guardView(g: MicroGuard) {
  const json = guardJson(g);
  return {
    index_min_trades: json.min_trades,
    index_min_volume: json.min_volume,
    manipulation_multiple: json.multiple,
  };
}

/** The multiple of the bound (core `parseMultiple`, as lever's), in parts per million. */
function multiple(value: string): bigint {
  const text = parseMultiple(value);
  if (text === null) throw new AppError('micro.settings_invalid', { rule: MULTIPLE_RULE });
  return units(text) / 10n ** 12n;
}
function currencyView(c: MicroCurrencyTerms) {
  return {
    id: c.currencyId,
    code: c.code,
    enabled: c.enabled ? (1 as const) : (0 as const),
    micro_numbers: c.numbers.map((n) => plainAt(n, c.decimals)),
    min_number: plainAt(c.min, c.decimals),
    max_number: plainAt(c.max, c.decimals),
    fee_rate: c.feeRate,
    default_cap: plainAt(c.defaultCap, c.decimals),
  };
}

/** The operator's micro-trade desk: house, caps, options, stake currencies. */
export function microAdminRoutes(app: FastifyInstance) {
  route(app, CALLS.adminMicroHouse, async ({ ctx }) => houseRows(ctx));

  route(app, CALLS.adminMicroFund, async ({ ctx, session, input }) => {
    const currency = await findCurrency(ctx.db, input.currency);
    const amount = parseSignedMoney(input.amount, currency.decimals);
    await ctx.wallet.adjustSystem({
      actorId: session.userId,
      code: 'micro-house',
      currencyId: currency.id,
      amount,
      reason: input.reason,
      floor: () => ctx.micro.exposure(currency.id),
    });
    return houseRow(ctx, currency.id, currency.code);
  });

  route(app, CALLS.adminMicroSettings, async ({ ctx, session, input }) => {
    const terms = ctx.micro.currency(input.currency_id);
    if (!terms) throw new AppError('micro.currency', { currency: String(input.currency_id) });
    const market = ctx.spot.market(input.match_id);
    if (!market || !ctx.micro.pair(input.match_id)) throw new AppError('market.not_found');
    // Every value is checked before anything changes: a bad one changes nothing.
    const cap =
      input.exposure_cap === undefined ? null : nonNegative(input.exposure_cap, terms.decimals);
    const guard: Partial<MicroGuard> = {};
    if (input.index_min_trades !== undefined) guard.minTrades = input.index_min_trades;
    if (input.index_min_volume !== undefined)
      guard.minVolume = parseMoney(input.index_min_volume, market.qtyDecimals);
    if (input.manipulation_multiple !== undefined)
      guard.multiplePpm = multiple(input.manipulation_multiple);
    if (cap !== null)
      await ctx.micro.setCap(input.match_id, input.currency_id, cap, session.userId);
    const next = Object.keys(guard).length
      ? await ctx.micro.setGuard(input.match_id, guard, session.userId)
      : ctx.micro.guardOf(input.match_id);
    return {
      match_id: input.match_id,
      currency_id: input.currency_id,
      exposure_cap: wireAmount(
        toScale(ctx.micro.capOf(input.match_id, input.currency_id), terms.decimals),
      ),
      ...guardView(next),
    };
  });

  route(app, CALLS.adminMicroPair, async ({ ctx, session, input }) => {
    const change: { open?: boolean; options?: MicroOptionTerms[] } = {};
    if (input.open_microtrade !== undefined) change.open = input.open_microtrade === 1;
    if (input.options !== undefined) change.options = options(input.options);
    const next = await ctx.micro.setPair(input.match_id, change, session.userId);
    return pairView(ctx, next);
  });

  route(app, CALLS.adminMicroDefaults, async ({ ctx, session, input }) => {
    const next = await ctx.micro.setDefaults(options(input.options), session.userId);
    return next.map((o) => ({ seconds: o.seconds, profit_ratio: o.ratio }));
  });

  route(app, CALLS.adminMicroCurrency, async ({ ctx, session, input }) => {
    const currency = await findCurrency(ctx.db, String(input.currency_id));
    const d = currency.decimals;
    const next = await ctx.micro.setCurrency(
      currency.id,
      currency.code,
      d,
      {
        ...(input.enabled === undefined ? {} : { enabled: input.enabled === 1 }),
        ...(input.micro_numbers === undefined
          ? {}
          : {
              numbers: [...new Set(input.micro_numbers.map((n) => parseMoney(n, d)))].sort(
                (a, b) => (a < b ? -1 : a > b ? 1 : 0),
              ),
            }),
        ...(input.min_number === undefined ? {} : { min: parseMoney(input.min_number, d) }),
        ...(input.max_number === undefined ? {} : { max: parseMoney(input.max_number, d) }),
        ...(input.fee_rate === undefined
          ? {}
          : { feeRate: rate(input.fee_rate, 'fee_rate', { below: '0.5', positive: false }) }),
        ...(input.default_cap === undefined
          ? {}
          : { defaultCap: nonNegative(input.default_cap, d) }),
      },
      session.userId,
    );
    return currencyView(next);
  });

  route(app, CALLS.adminMicroOverview, async ({ ctx }) => {
    const all = await ctx.db
      .select({ id: currencies.id, code: currencies.code, decimals: currencies.displayDecimals })
      .from(currencies)
      .orderBy(currencies.id);
    return {
      default_options: ctx.micro
        .defaultOptions()
        .map((o) => ({ seconds: o.seconds, profit_ratio: o.ratio })),
      pairs: ctx.micro
        .allPairs()
        .sort((a, b) => a.marketId - b.marketId)
        .map((p) => pairView(ctx, p)),
      currencies: all.map((c) => {
        const terms = ctx.micro.currency(c.id);
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
      house: await houseRows(ctx),
    };
  });
}
