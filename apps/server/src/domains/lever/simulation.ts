/**
 * Leverage in the simulation of the core (test/sim): open on every simulated pair with a mark a
 * small book meets and a funded house; traders open positions and entrusts, set stops, close,
 * cancel and close all, mostly naming their own live rows.
 */
import { ACCOUNT_TYPE, LEVER_STATUS } from '@exchange/contract';
import { scaled } from '../../core/amounts.js';
import type { Command } from '../../core/commands.js';
import type { ProductSimulation, SimContext } from '../../product-module.js';
import type { LeverHandler } from './handler.js';

type Ctx = SimContext<LeverHandler>;

function open(c: Ctx): Command {
  const m = c.rng.pick(c.markets);
  const entrust = c.rng.chance(0.3);
  return {
    kind: 'lever.open',
    userId: c.rng.pick(c.traders),
    marketId: m.id,
    side: c.rng.pick([1, 2] as const),
    status: entrust ? 0 : 1,
    share: c.rng.int(1, 5),
    multiple: c.rng.pick([5, 10, 20, 50, 100]),
    targetPrice: entrust ? c.price(m, 6) : null,
  };
}

function act(c: Ctx): Command {
  const userId = c.rng.pick(c.traders);
  const rows = c.handler.liveRowsOf(userId);
  const row = rows.length ? c.rng.pick(rows) : undefined;
  const id = row?.id ?? c.rng.int(1, 500);
  const r = c.rng.next();
  if (r < 0.08) {
    const m = c.rng.pick(c.markets);
    return { kind: 'lever.closeAll', userId, marketId: m.id, side: c.rng.pick([0, 1, 2] as const) };
  }
  if (row && row.status === LEVER_STATUS.entrust) return { kind: 'lever.cancel', userId, id };
  if (r < 0.3) {
    const m = c.markets.find((x) => x.id === row?.marketId) ?? c.rng.pick(c.markets);
    return {
      kind: 'lever.stops',
      userId,
      id,
      takeProfit: c.rng.chance(0.7) ? c.price(m, 30) : null,
      stopLoss: c.rng.chance(0.7) ? c.price(m, 30) : null,
    };
  }
  return { kind: 'lever.close', userId, id };
}

export const leverSimulation: ProductSimulation<LeverHandler> = {
  async setup(s) {
    for (const m of s.markets) {
      const change = {
        open: true,
        markMinDepth: '100',
        markBand: '0.05',
        markWindowS: 5,
        manipulationMultiple: '0.2',
      };
      await s.handler.setTerms(m.id, change, s.operator);
    }
    await s.fundSystem('lever-house', s.usdt, scaled(2_000_000n, 0));
    await s.fundSystem('lever-insurance', s.usdt, scaled(50_000n, 0));
    for (const u of s.traders) await s.credit(u, s.usdt, '20000', ACCOUNT_TYPE.lever);
  },
  commands: [
    { weight: 10, next: open },
    { weight: 8, next: act },
  ],
};
