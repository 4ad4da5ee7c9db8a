import { CALLS, type CurrencyMatch, type QuoteGroup } from '@exchange/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pow10, units, wireAmount } from '../../core/amounts.js';
import type { AppContext } from '../../context.js';
import { currencies, favorites, markets } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';

/** Basis points as a decimal rate: 10 → "0.001". */
function bpsRate(bps: number): string {
  return wireAmount(BigInt(bps) * pow10(14));
}

/** A market by id, or by symbol (`BTC/USDT`, any case); both given must name the same market. */
function findMarket(ctx: AppContext, id: number | undefined, symbol: string | undefined) {
  const wanted = symbol?.toUpperCase();
  const market =
    id !== undefined ? ctx.markets.market(id) : wanted ? ctx.markets.symbol(wanted) : undefined;
  if (!market || (wanted && market.symbol !== wanted)) {
    throw new AppError('market.not_found', { id: id ?? symbol ?? '' });
  }
  return market;
}

/**
 * Epoch values below 10^11 are seconds, what chart datafeeds send (10^11 ms is 1973, 10^11 s the
 * year 5138). A `to` in seconds covers its whole second.
 */
export function epochMs(value: number, end = false): number {
  if (value >= 1e11) return value;
  return value * 1000 + (end ? 999 : 0);
}

export function marketRoutes(app: FastifyInstance) {
  route(app, CALLS.currencyMatches, async ({ ctx, session }) => {
    const [currencyRows, marketRows, favoriteRows, leverTerms] = await Promise.all([
      ctx.db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.id)),
      ctx.db.select().from(markets).orderBy(asc(markets.sort), asc(markets.id)),
      session
        ? ctx.db
            .select({ marketId: favorites.marketId })
            .from(favorites)
            .where(eq(favorites.userId, session.userId))
        : Promise.resolve([]),
      // Lever terms as the core holds them (an operator's change applies there first).
      ctx.ask({ kind: 'lever.allTerms' }),
    ]);
    const lever = new Map(leverTerms.map((t) => [t.marketId, t]));
    const favorite = new Set(favoriteRows.map((f) => f.marketId));
    const byId = new Map(currencyRows.map((c) => [c.id, c]));
    const now = Date.now();
    const groups: QuoteGroup[] = [];
    // Groups follow the currencies' order; a quote currency without markets has no group.
    for (const quote of currencyRows) {
      const matches: CurrencyMatch[] = [];
      for (const m of marketRows) {
        const base = byId.get(m.baseCurrencyId);
        if (m.quoteCurrencyId !== quote.id || !base) continue;
        // The read model's state is the core's (a halt applies there first).
        const status = ctx.markets.market(m.id)?.status ?? m.status;
        const terms = lever.get(m.id);
        matches.push({
          id: m.id,
          symbol: m.symbol,
          base_currency_id: base.id,
          quote_currency_id: quote.id,
          base_currency_code: base.code,
          quote_currency_code: quote.code,
          base_currency: { logo: base.logo },
          open_change: status === 'open' ? 1 : 0,
          open_lever: (terms?.open ?? m.openLever) ? 1 : 0,
          lever_point_rate: terms?.pointRate ?? '0',
          lever_share_num: terms?.shareNum ?? '0',
          lever_fee_rate: terms?.feeRate ?? '0',
          open_microtrade: m.openMicrotrade ? 1 : 0,
          added: favorite.has(m.id),
          price_decimals: m.priceDecimals,
          qty_decimals: m.qtyDecimals,
          min_qty: wireAmount(units(m.minQty)),
          maker_fee_rate: bpsRate(m.makerFeeBps),
          taker_fee_rate: bpsRate(m.takerFeeBps),
          currency_quotation: ctx.market.quotation(m.id, now),
        });
      }
      if (!matches.length) continue;
      groups.push({
        id: quote.id,
        code: quote.code,
        is_quote: 1,
        cny_price: wireAmount(units(quote.cnyPrice)),
        usd_price: wireAmount(units(quote.usdPrice)),
        matches,
      });
    }
    return groups;
  });

  route(app, CALLS.deal, async ({ ctx, input }) => {
    const market = findMarket(ctx, input.currency_match_id, undefined);
    const [quote] = await ctx.db
      .select({ cny: currencies.cnyPrice, usd: currencies.usdPrice })
      .from(currencies)
      .where(eq(currencies.id, market.quoteCurrencyId));
    return {
      quotation: {
        ...ctx.market.quotation(market.id),
        symbol: market.symbol,
        currency_match: {
          symbol: market.symbol,
          quote_currency: {
            cny_price: wireAmount(units(quote?.cny ?? '0')),
            usd_price: wireAmount(units(quote?.usd ?? '0')),
          },
        },
      },
      depth: ctx.market.depth(market.id),
      tx_completes: ctx.market.recentTrades(market.id),
    };
  });

  route(app, CALLS.favorite, async ({ ctx, session, input }) => {
    const market = findMarket(ctx, input.currency_match_id, undefined);
    if (input.added) {
      await ctx.db
        .insert(favorites)
        .values({ userId: session.userId, marketId: market.id })
        .onConflictDoNothing();
    } else {
      await ctx.db
        .delete(favorites)
        .where(and(eq(favorites.userId, session.userId), eq(favorites.marketId, market.id)));
    }
    return { currency_match_id: market.id, added: input.added };
  });

  route(app, CALLS.kline, ({ ctx, input }) => {
    const market = findMarket(ctx, input.currency_match_id, input.symbol);
    const from = epochMs(input.from ?? 0);
    const to = input.to === undefined ? Date.now() : epochMs(input.to, true);
    return ctx.market.kline(market.id, input.period, from, to);
  });
}
