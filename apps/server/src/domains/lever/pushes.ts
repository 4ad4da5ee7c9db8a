import { LEVER_STATUS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { onCommitted, PUSH_USER } from '../../bus/bus.js';
import { wireAmount } from '../../core/amounts.js';
import { lazyUserPush } from '../../ws/lazy.js';
import { LEVER_PART } from './rows.js';
import { positionView } from './view.js';

/** How often open positions are pushed to their owners (spec 2 §7: at least once a second). */
export const LEVER_TRADE_MS = 1000;

/**
 * Private lever pushes: `LEVER_CLOSED` {ids} after each commit that closed positions or cancelled
 * entrusts, and `LEVER_TRADE` every second to each user holding open positions, per quote
 * currency, valued at the marks with the hazard rate and total profit. English labels, as the
 * spot pushes; built only when someone listens (ws/lazy.ts).
 */
export function registerLeverPushes(app: FastifyInstance) {
  const { bus, lever } = app.ctx;
  onCommitted(bus, (committed) => {
    const changes = committed.part(LEVER_PART);
    if (!changes) return;
    const ended = new Map<number, number[]>();
    for (const r of changes.rows) {
      if (r.status !== LEVER_STATUS.closed && r.status !== LEVER_STATUS.cancelled) continue;
      const ids = ended.get(r.userId) ?? [];
      ids.push(r.id);
      ended.set(r.userId, ids);
    }
    for (const [userId, ids] of ended) {
      bus.publish(
        PUSH_USER,
        lazyUserPush(userId, 'LEVER_CLOSED', () => ({ ids })),
      );
    }
  });

  const timer = setInterval(() => {
    const now = Date.now();
    for (const { userId, currencyId } of lever.holders()) {
      bus.publish(
        PUSH_USER,
        lazyUserPush(userId, 'LEVER_TRADE', () => {
          let profits = 0n;
          const trades = lever.openRowsOf(userId, currencyId).map((row) => {
            const terms = lever.termsOf(row.marketId);
            const mark = lever.markPrice(row.marketId);
            const profit = lever.profitOf(row, mark);
            profits += profit;
            if (!terms) throw new Error(`lever row ${String(row.id)} of an unknown pair`);
            return positionView(row, terms, profit, mark, 'en');
          });
          return {
            legal_id: currencyId,
            trades_all: trades,
            hazard_rate: lever.hazardRate(userId, currencyId),
            profits_all: wireAmount(profits),
            ts: now,
          };
        }),
      );
    }
  }, LEVER_TRADE_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
