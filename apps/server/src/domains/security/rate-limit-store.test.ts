import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { throttleStore } from './rate-limit-store.js';

/** A database that fails the test when it is used at all. */
const untouchable = new Proxy(
  {},
  {
    get() {
      throw new Error('the database was used');
    },
  },
) as Db;

function incr(store: FastifyRateLimitStore) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      '10.0.0.1',
      (err, res) => (err || !res ? reject(err ?? new Error('no result')) : resolve(res)),
      60_000,
      10,
    ),
  );
}

describe('throttleStore', () => {
  it('counts a route without a bucket of the contract in memory, never in the database', async () => {
    const Store = throttleStore(untouchable);
    const child = new Store().child({ routeInfo: { method: 'POST', url: '/api/upload/x' } });
    expect(await incr(child)).toMatchObject({ current: 1 });
    const second = await incr(child);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(59_000);
  });
});
