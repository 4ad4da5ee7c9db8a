import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { wireAmount } from '../../core/amounts.js';
import { command } from '../../core/commands.js';
import { defineProduct } from '../../product-module.js';
import { spotModule } from '../spot/index.js';
import { leverAdminRoutes, leverDeskRoutes } from './admin-routes.js';
import { openDemoLever } from './demo.js';
import { LeverHandler } from './handler.js';
import { registerLeverPushes } from './pushes.js';
import { leverRoutes } from './routes.js';
import { leverSimulation } from './simulation.js';

const id = z.number().int().positive();
const side = z.union([z.literal(1), z.literal(2)]);
const priceText = z.string().nullable();

/** Leveraged trading against the house (contracts for difference on the spot pairs' marks). */
export const leverModule = defineProduct({
  name: 'lever',
  systemAccounts: [
    { code: 'lever-house', purpose: "Leverage's counterparty: takes fees and losses, pays gains." },
    { code: 'lever-insurance', purpose: 'Pays what a stopped-out user cannot of a loss.' },
  ],
  audit: {
    lockedTypes: [ACCOUNT_TYPE.lever],
    // An open position holds its margin, a waiting entrust its margin and fee.
    reserved: sql`select m.quote_currency_id,
                         sum(case when l.status = 0 then l.margin + l.fee else l.margin end)
                  from lever_positions l join markets m on m.id = l.market_id
                  where l.status in (0, 1) group by 1`,
  },
  create: (env) =>
    new LeverHandler(
      env.core,
      env.handler(spotModule),
      (err, what = 'lever risk tick failed') => env.log.error({ err }, what),
      env.options.leverClock,
    ),
  commands: {
    open: command(
      z.object({
        userId: id,
        marketId: id,
        side,
        status: z.union([z.literal(0), z.literal(1)]),
        share: z.number().int().positive(),
        multiple: z.number().int().positive(),
        targetPrice: priceText,
      }),
      async (lever: LeverHandler, m) => {
        const row = await lever.submit(m);
        return { id: row.id, status: row.status };
      },
    ),
    cancel: command(z.object({ userId: id, id }), async (lever: LeverHandler, m) => {
      const row = await lever.cancel(m.userId, m.id);
      return { id: row.id, status: row.status };
    }),
    close: command(z.object({ userId: id, id }), async (lever: LeverHandler, m) => {
      const row = await lever.close(m.userId, m.id);
      return { id: row.id, status: row.status };
    }),
    stops: command(
      z.object({ userId: id, id, takeProfit: priceText, stopLoss: priceText }),
      async (lever: LeverHandler, m) => {
        const row = await lever.setStops(m.userId, m.id, m.takeProfit, m.stopLoss);
        return { id: row.id, status: row.status };
      },
    ),
    closeAll: command(
      z.object({ userId: id, marketId: id, side: z.union([z.literal(0), side]) }),
      async (lever: LeverHandler, m) => {
        const r = await lever.batchClose(m.userId, m.marketId, m.side);
        return { ids: r.ids, mark: r.mark === null ? null : wireAmount(r.mark) };
      },
    ),
  },
  routes(app) {
    leverRoutes(app);
    leverAdminRoutes(app);
    leverDeskRoutes(app);
  },
  pushes(app) {
    registerLeverPushes(app);
  },
  seedDemo: openDemoLever,
  simulation: leverSimulation,
});
