import type { FastifyInstance } from 'fastify';
import { PUSH_USER, type UserPush } from '../../bus/bus.js';
import { wireAmount } from '../../core/amounts.js';
import { toSpotOrder } from '../../core/order-view.js';
import type { Committed } from '../../core/types.js';

/**
 * Private pushes after each commit (spec 2 §4): TX_SUBMIT for an order just placed, TX_MATCHED for
 * an order that traded, with the owner's base and quote balances. Pushes carry English labels;
 * clients translate `way` and `status` themselves.
 */
export function registerSpotPushes(app: FastifyInstance) {
  const { core, bus } = app.ctx;
  core.onCommit((c: Committed) => {
    const traded = new Set<number>();
    for (const t of c.trades) {
      traded.add(t.makerOrderId);
      traded.add(t.takerOrderId);
    }
    // One lookup table per commit: a batch can hold hundreds of orders and balances.
    const balances = new Map(c.balances.map((b) => [`${b.userId}:${b.currencyId}`, b]));
    const balance = (userId: number, currencyId: number) => {
      const b = balances.get(`${userId}:${currencyId}`);
      return b
        ? {
            currency_id: currencyId,
            balance: wireAmount(b.available),
            lock_balance: wireAmount(b.locked),
          }
        : null;
    };
    for (const o of c.orders) {
      const market = core.markets.get(o.marketId);
      if (!market) continue;
      const order = toSpotOrder({ ...o, symbol: market.symbol }, 'en');
      if (c.created.has(o.id)) {
        const push: UserPush = { userId: o.userId, topic: 'TX_SUBMIT', data: { order } };
        bus.publish(PUSH_USER, push);
      }
      if (traded.has(o.id)) {
        const push: UserPush = {
          userId: o.userId,
          topic: 'TX_MATCHED',
          data: {
            order,
            base_balance: balance(o.userId, market.baseCurrencyId),
            quote_balance: balance(o.userId, market.quoteCurrencyId),
          },
        };
        bus.publish(PUSH_USER, push);
      }
    }
  });
}
