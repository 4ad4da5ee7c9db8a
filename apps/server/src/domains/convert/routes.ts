import { CALLS, CONVERT_SLIPPAGE_BPS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { floorTo, wireAmount } from '../../core/amounts.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  AMOUNT_DECIMALS,
  type Currency,
  loadCurrency,
  parseAmount,
  USDT_ID,
} from '../assets/index.js';
import type { ConvertQuote } from './handler.js';

/** A quote as the wire shows it, with the least USDT a confirmation within the slippage bound accepts. */
function quoteView(currency: Currency, quote: ConvertQuote) {
  const slippage = BigInt(CONVERT_SLIPPAGE_BPS);
  return {
    currency_id: currency.id,
    currency_code: currency.code,
    number: wireAmount(quote.qty),
    market_price: wireAmount(quote.marketPrice),
    price: wireAmount(quote.price),
    worst_price: wireAmount(quote.worstPrice),
    fee_bps: quote.feeBps,
    fee: wireAmount(quote.fee),
    receive: wireAmount(quote.receive),
    slippage_bps: CONVERT_SLIPPAGE_BPS,
    min_receive: wireAmount(
      floorTo((quote.receive * (10_000n - slippage)) / 10_000n, AMOUNT_DECIMALS),
    ),
  };
}

/** USDT itself is what a conversion pays out: it is never converted. */
function convertible(currency: Currency) {
  if (currency.id === USDT_ID) throw new AppError('convert.not_allowed');
  return currency;
}

/** `account/convert_quote` and `account/convert`: the assets area's conversion to USDT. */
export function convertRoutes(app: FastifyInstance) {
  route(app, CALLS.convertQuote, async ({ ctx, session, input }) => {
    const currency = convertible(await loadCurrency(ctx.db, input.currency_id));
    const amount = input.number ? parseAmount(input.number) : null;
    const quote = ctx.convert.quote(session?.userId ?? null, currency.id, USDT_ID, amount);
    return quoteView(currency, quote);
  });

  route(app, CALLS.convert, async ({ ctx, session, input }) => {
    const currency = convertible(await loadCurrency(ctx.db, input.currency_id));
    if (!currency.accountTypes.includes(input.account_type_id))
      throw new AppError('transfer.not_allowed');
    const amount = parseAmount(input.number);
    const minReceive = parseAmount(input.min_receive);
    const result = await ctx.convert.convert({
      userId: session.userId,
      currencyId: currency.id,
      accountType: input.account_type_id,
      amount,
      minReceive,
      usdtId: USDT_ID,
    });
    return {
      id: result.id,
      order_id: result.orderId,
      currency_id: currency.id,
      currency_code: currency.code,
      number: wireAmount(result.qty),
      market_price: wireAmount(result.marketPrice),
      price: wireAmount(result.price),
      fee: wireAmount(result.fee),
      receive: wireAmount(result.receive),
      min_receive: wireAmount(minReceive),
    };
  });
}
