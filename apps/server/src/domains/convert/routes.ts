import { CALLS, CONVERT_SLIPPAGE_BPS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { floorTo, units, wireAmount } from '../../core/amounts.js';
import type { ResultOf } from '../../core/commands.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  AMOUNT_DECIMALS,
  type Currency,
  loadCurrency,
  parseAmount,
  USDT_ID,
} from '../assets/index.js';
import type { QueryTable } from '../../products.js';

/** A quote as the convert product answers it: amounts in decimal strings. */
type QuoteData = ResultOf<QueryTable['convert.quote']>;

/** A quote as the wire shows it, with the least USDT a confirmation within the slippage bound accepts. */
function quoteView(currency: Currency, quote: QuoteData) {
  const slippage = BigInt(CONVERT_SLIPPAGE_BPS);
  return {
    currency_id: currency.id,
    currency_code: currency.code,
    number: quote.qty,
    market_price: quote.marketPrice,
    price: quote.price,
    worst_price: quote.worstPrice,
    fee_bps: quote.feeBps,
    fee: quote.fee,
    receive: quote.receive,
    slippage_bps: CONVERT_SLIPPAGE_BPS,
    min_receive: wireAmount(
      floorTo((units(quote.receive) * (10_000n - slippage)) / 10_000n, AMOUNT_DECIMALS),
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
    // Parsed here, so that a malformed amount is refused as it always was; sent as a string.
    const amount = input.number ? wireAmount(parseAmount(input.number)) : null;
    const quote = await ctx.ask({
      kind: 'convert.quote',
      userId: session?.userId ?? null,
      currencyId: currency.id,
      usdtId: USDT_ID,
      amount,
    });
    return quoteView(currency, quote);
  });

  route(app, CALLS.convert, async ({ ctx, session, input }) => {
    const currency = convertible(await loadCurrency(ctx.db, input.currency_id));
    if (!currency.accountTypes.includes(input.account_type_id))
      throw new AppError('transfer.not_allowed');
    const amount = parseAmount(input.number);
    const minReceive = parseAmount(input.min_receive);
    const result = await ctx.send({
      kind: 'convert.convert',
      userId: session.userId,
      currencyId: currency.id,
      accountType: input.account_type_id,
      amount: wireAmount(amount),
      minReceive: wireAmount(minReceive),
      usdtId: USDT_ID,
    });
    return {
      id: result.id,
      order_id: result.orderId,
      currency_id: currency.id,
      currency_code: currency.code,
      number: result.qty,
      market_price: result.marketPrice,
      price: result.price,
      fee: result.fee,
      receive: result.receive,
      min_receive: wireAmount(minReceive),
    };
  });
}
