import { MICRO_STATUS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { onCommitted, PUSH_USER } from '../../bus/bus.js';
import { lazyUserPush } from '../../ws/lazy.js';
import { MICRO_PART } from './rows.js';
import { view } from './view.js';

/**
 * `MICRO_CLOSED` (private): each order settled by a commit, to its owner only, as
 * microtrade/lists shows it closed, with the evidence of its open and end index.
 */
export function registerMicroPushes(app: FastifyInstance) {
  const { bus } = app.ctx;
  onCommitted(bus, (committed) => {
    const changes = committed.part(MICRO_PART);
    if (!changes) return;
    for (const row of changes.rows) {
      if (row.status !== MICRO_STATUS.closed) continue;
      bus.publish(
        PUSH_USER,
        lazyUserPush(row.userId, 'MICRO_CLOSED', () =>
          view(app.ctx.micro, row, changes.evidence.get(row.id) ?? null),
        ),
      );
    }
  });
}
