import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { command } from '../../core/commands.js';
import { defineProduct } from '../../product-module.js';
import { spotModule } from '../spot/index.js';
import { microAdminRoutes } from './admin-routes.js';
import { openDemoMicro } from './demo.js';
import { MicroHandler } from './handler.js';
import { registerMicroPushes } from './pushes.js';
import { microRoutes } from './routes.js';
import { microSimulation } from './simulation.js';

const id = z.number().int().positive();

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
  commands: {
    order: command(
      z.object({
        userId: id,
        marketId: id,
        currencyId: id,
        type: z.union([z.literal(1), z.literal(2)]),
        seconds: z.number().int().positive(),
        number: z.string(),
      }),
      async (microHandler: MicroHandler, m) => {
        const row = await microHandler.submit(m);
        return { id: row.id, status: row.status };
      },
    ),
  },
  routes(app) {
    microRoutes(app);
    microAdminRoutes(app);
  },
  pushes: registerMicroPushes,
  seedDemo: openDemoMicro,
  simulation: microSimulation,
});
