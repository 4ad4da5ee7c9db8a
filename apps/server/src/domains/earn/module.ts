import { ACCOUNT_TYPE, earnMaths } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { defineProduct } from '../../product-module.js';
import { openDemoEarn } from './demo.js';
import { EARN_INTEREST, EarnHandler } from './handler.js';
import { earnCommands, earnQueries } from './messages.js';
import { earnAdminRoutes, earnRoutes } from './routes.js';
import { earnSimulation } from './simulation.js';

/** Earning products: fixed terms at an annual rate, sold only while their interest is funded. */
export const earnModule = defineProduct({
  name: 'earn',
  systemAccounts: [
    {
      code: EARN_INTEREST,
      purpose:
        "Earning products' interest: each product's funded reserve (available) and what its subscriptions are owed (locked).",
    },
  ],
  audit: {
    lockedTypes: [ACCOUNT_TYPE.financial],
    // A subscription in effect holds its principal.
    reserved: sql`select currency_id, sum(number) from earn_subscriptions where status = 1 group by 1`,
    held: {
      code: EARN_INTEREST,
      // Its available is every product's reserve, its locked part what they owe.
      query: sql`select currency_id, sum(reserve), sum(owed) from earn_products group by 1`,
    },
  },
  create: (env) =>
    new EarnHandler(env.core, env.options.earnDay ?? earnMaths.EARN_DAY, (err) =>
      env.log.error({ err }, 'earn interest run failed; retried at the next day or at start'),
    ),
  commands: earnCommands,
  queries: earnQueries,
  routes(app) {
    earnRoutes(app);
    earnAdminRoutes(app);
  },
  seedDemo: openDemoEarn,
  simulation: earnSimulation,
});
