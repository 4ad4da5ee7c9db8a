import { z } from 'zod';
import { units, wireAmount } from '../../core/amounts.js';
import { command, messageAmount, query } from '../../core/commands.js';
import { defineProduct } from '../../product-module.js';
import { spotModule } from '../spot/index.js';
import { ConvertHandler, type ConvertQuote } from './handler.js';
import { convertRoutes } from './routes.js';

const id = z.number().int().positive();
const decimal = messageAmount;

/** A quote as plain data: its amounts in decimal strings, without the market it walked. */
function quoteData(q: ConvertQuote) {
  return {
    qty: wireAmount(q.qty),
    marketPrice: wireAmount(q.marketPrice),
    worstPrice: wireAmount(q.worstPrice),
    price: wireAmount(q.price),
    feeBps: q.feeBps,
    fee: wireAmount(q.fee),
    receive: wireAmount(q.receive),
  };
}

/** Conversion of small balances into USDT, by market orders on the books (no balance of its own). */
export const convertModule = defineProduct({
  name: 'convert',
  create: (env) => new ConvertHandler(env.core, env.handler(spotModule)),
  commands: {
    /** Sells `amount` into the USDT book, refused when it would pay less than `minReceive`. */
    convert: command(
      z.object({
        userId: id,
        currencyId: id,
        accountType: z.number().int().min(1).max(5),
        amount: decimal,
        minReceive: decimal,
        usdtId: id,
      }),
      async (convert: ConvertHandler, m) => {
        const r = await convert.convert({
          ...m,
          amount: units(m.amount),
          minReceive: units(m.minReceive),
        });
        return {
          id: r.id,
          orderId: r.orderId,
          qty: wireAmount(r.qty),
          marketPrice: wireAmount(r.marketPrice),
          price: wireAmount(r.price),
          fee: wireAmount(r.fee),
          receive: wireAmount(r.receive),
        };
      },
    ),
  },
  queries: {
    /**
     * What selling `amount` (null: the market's smallest quantity) would pay now, from the books
     * as last committed; `userId` (null without a session) is whose own bids do not count.
     */
    quote: query(
      z.object({
        userId: id.nullable(),
        currencyId: id,
        usdtId: id,
        amount: decimal.nullable(),
      }),
      (convert: ConvertHandler, m) =>
        quoteData(
          convert.quote(
            m.userId,
            m.currencyId,
            m.usdtId,
            m.amount === null ? null : units(m.amount),
          ),
        ),
    ),
  },
  routes: convertRoutes,
});
