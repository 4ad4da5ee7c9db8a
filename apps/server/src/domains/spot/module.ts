import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { command } from '../../core/commands.js';
import { reject } from '../../core/result.js';
import { defineProduct } from '../../product-module.js';
import { SpotHandler } from './handler.js';
import { type OrderData, orderData } from './order-view.js';
import { registerSpotPushes } from './pushes.js';
import { spotRoutes } from './routes.js';
import { spotSimulation } from './simulation.js';

const id = z.number().int().positive();
const side = z.union([z.literal(1), z.literal(2)]);

/** Spot trading: the order books, matching and the trade account's holds. */
export const spotModule = defineProduct({
  name: 'spot',
  audit: {
    lockedTypes: [ACCOUNT_TYPE.trade],
    // An open order holds what is left of its price × quantity (buy) or quantity (sell).
    reserved: sql`select case when o.side = 1 then m.quote_currency_id else m.base_currency_id end,
                         sum(o.locked)
                  from orders o join markets m on m.id = o.market_id
                  where o.status = 0 group by 1`,
  },
  create: ({ core, options }) => new SpotHandler(core, options.limits, options.priceBand),
  commands: {
    place: command(
      z.object({
        userId: id,
        marketId: id,
        side,
        type: z.union([z.literal(0), z.literal(1)]),
        number: z.string(),
        price: z.string().optional(),
        clientOrderId: z.string().optional(),
      }),
      async (spot: SpotHandler, m): Promise<{ order: OrderData } | { replayOf: number }> => {
        const result = await spot.place({ ...m, limited: true });
        return 'order' in result
          ? { order: orderData(result.order) }
          : { replayOf: result.replayOf };
      },
    ),
    cancel: command(z.object({ userId: id, orderId: id, side }), async (spot: SpotHandler, m) => {
      const pending = spot.cancel(m.userId, m.orderId, m.side);
      if (!pending) return reject('ORDER_NOT_OPEN');
      return { order: orderData(await pending) };
    }),
  },
  routes: spotRoutes,
  pushes: registerSpotPushes,
  simulation: spotSimulation,
});
