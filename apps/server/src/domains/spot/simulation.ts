/**
 * Spot in the simulation of the core (test/sim): traders place limit and market orders around
 * each pair's walking mid, the makers place larger ones, and cancels mostly name an open order
 * of their user (sometimes one that is not).
 */
import type { Command } from '../../core/commands.js';
import type { ProductSimulation, SimContext } from '../../product-module.js';
import type { SpotHandler } from './handler.js';

type Ctx = SimContext<SpotHandler>;

function limit(c: Ctx, userId: number, times: number): Command {
  const m = c.rng.pick(c.markets);
  return {
    kind: 'spot.place',
    userId,
    marketId: m.id,
    side: c.rng.pick([1, 2] as const),
    type: 0,
    number: c.qty(m, times),
    price: c.price(m, 8),
    ...(c.rng.chance(0.1) ? { clientOrderId: `c${c.rng.int(1, 30)}` } : {}),
  };
}

function marketOrder(c: Ctx): Command {
  const m = c.rng.pick(c.markets);
  return {
    kind: 'spot.place',
    userId: c.rng.pick(c.traders),
    marketId: m.id,
    side: c.rng.pick([1, 2] as const),
    type: 1,
    number: c.qty(m),
  };
}

function cancel(c: Ctx): Command {
  const userId = c.rng.pick([...c.traders, ...c.makers]);
  const open = c.handler.openOrdersOf([userId]);
  const order = open.length ? c.rng.pick(open) : undefined;
  if (!order || c.rng.chance(0.05))
    return { kind: 'spot.cancel', userId, orderId: c.rng.int(1, 5_000), side: 1 };
  return { kind: 'spot.cancel', userId, orderId: order.id, side: order.side };
}

export const spotSimulation: ProductSimulation<SpotHandler> = {
  commands: [
    { weight: 30, next: (c) => limit(c, c.rng.pick(c.traders), 1) },
    { weight: 12, next: (c) => limit(c, c.rng.pick(c.makers), 2) },
    { weight: 5, next: marketOrder },
    { weight: 13, next: cancel },
  ],
};
