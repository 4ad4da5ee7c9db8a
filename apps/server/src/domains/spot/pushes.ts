import { ACCOUNT_TYPE } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { onCommitted, PUSH_USER } from '../../bus/bus.js';
import { wireAmount } from '../../core/amounts.js';
import { lazyUserPush, once } from '../../ws/lazy.js';
import { toSpotOrder } from './order-view.js';
import { spotChanges } from './spot-rows.js';

/**
 * Private pushes after each commit (spec 2 §4): TX_SUBMIT for an order just placed, TX_MATCHED for
 * an order that traded, with the owner's base and quote balances. Pushes carry English labels;
 * clients translate `way` and `status` themselves.
 *
 * Their data is formatted only when read (ws/lazy.ts): with nobody listening, a commit costs a
 * push object per order and no strings. It reads only the commit's copies of orders and balances.
 */
export function registerSpotPushes(app: FastifyInstance) {
  const { markets, bus } = app.ctx;
  onCommitted(bus, (committed) => {
    const c = spotChanges(committed);
    if (!c.orders.length) return;
    const traded = new Set<number>();
    for (const t of c.trades) {
      traded.add(t.makerOrderId);
      traded.add(t.takerOrderId);
    }
    // One lookup table per commit, built on the first balance read: a batch can hold hundreds of
    // orders and balances.
    const balances = once(
      () =>
        new Map(
          committed
            .userBalances(ACCOUNT_TYPE.trade)
            .map((b) => [`${String(b.userId)}:${b.currencyId}`, b]),
        ),
    );
    const balance = (userId: number, currencyId: number) => {
      const b = balances().get(`${userId}:${currencyId}`);
      return b
        ? {
            currency_id: currencyId,
            balance: wireAmount(b.available),
            lock_balance: wireAmount(b.locked),
          }
        : null;
    };
    for (const o of c.orders) {
      const created = c.created.has(o.id);
      const matched = traded.has(o.id);
      if (!created && !matched) continue;
      const market = markets.market(o.marketId);
      if (!market) continue;
      // One view for both pushes of an order, built if either is read.
      const order = once(() => toSpotOrder(o, market.symbol, 'en'));
      if (created) {
        bus.publish(
          PUSH_USER,
          lazyUserPush(o.userId, 'TX_SUBMIT', () => ({ order: order() })),
        );
      }
      if (matched) {
        bus.publish(
          PUSH_USER,
          lazyUserPush(o.userId, 'TX_MATCHED', () => ({
            order: order(),
            base_balance: balance(o.userId, market.baseCurrencyId),
            quote_balance: balance(o.userId, market.quoteCurrencyId),
          })),
        );
      }
    }
  });
}
