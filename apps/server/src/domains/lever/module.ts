import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { defineProduct } from '../../product-module.js';
import { spotModule } from '../spot/index.js';
import { leverAdminRoutes, leverDeskRoutes } from './admin-routes.js';
import { openDemoLever } from './demo.js';
import { LeverHandler } from './handler.js';
import { leverCommands } from './messages.js';
import { registerLeverPushes } from './pushes.js';
import { leverQueries } from './queries.js';
import { leverRoutes } from './routes.js';
import { leverSimulation } from './simulation.js';

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
  commands: leverCommands,
  queries: leverQueries,
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
