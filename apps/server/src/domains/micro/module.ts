import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { defineProduct } from '../../product-module.js';
import { spotModule } from '../spot/index.js';
import { microAdminRoutes } from './admin-routes.js';
import { openDemoMicro } from './demo.js';
import { MicroHandler } from './handler.js';
import { microCommands } from './messages.js';
import { registerMicroPushes } from './pushes.js';
import { microQueries } from './queries.js';
import { microRoutes } from './routes.js';
import { microSimulation } from './simulation.js';

/** Micro trades: fixed-time options against the house, settled on the pair's price index. */
export const microModule = defineProduct({
  name: 'micro',
  systemAccounts: [
    {
      code: 'micro-house',
      purpose: "Micro trade's counterparty: takes losing stakes and fees, pays wins.",
    },
  ],
  audit: {
    lockedTypes: [ACCOUNT_TYPE.micro],
    // An order in progress holds its stake and fee.
    reserved: sql`select currency_id, sum(number + fee) from micro_orders where status = 1 group by 1`,
  },
  create: (env) =>
    new MicroHandler(env.core, env.handler(spotModule), env.options.microLimits, (err) =>
      env.log.error({ err }, 'micro settlement pass failed'),
    ),
  commands: microCommands,
  queries: microQueries,
  routes(app) {
    microRoutes(app);
    microAdminRoutes(app);
  },
  pushes: registerMicroPushes,
  seedDemo: openDemoMicro,
  simulation: microSimulation,
});
