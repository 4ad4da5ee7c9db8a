/**
 * The deterministic simulation of the core in the test suite, with a small budget (the CI runs
 * 200 seeds × 2,000 steps: `npm run sim`). It also proves that the same seed replays the same
 * run, and that its checks fail when memory breaks an invariant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE } from '@exchange/contract';
import { pgliteTemplate } from '../pglite-template.js';
import { memoryViolations } from './invariants.js';
import { simulate } from './simulate.js';
import { closeWorlds, makeWorld, START_MS, startFrom, TRADERS } from './world.js';

beforeAll(() => {
  startFrom(() => pgliteTemplate());
});
afterAll(() => closeWorlds());

describe('simulation of the core', () => {
  it('keeps every invariant over random seeds', { timeout: 240_000 }, async () => {
    for (const seed of [1, 2, 3, 4]) {
      const r = await simulate(seed, { steps: 500, storeEvery: 5 });
      expect(r.violations).toEqual([]);
      expect(r.accepted).toBeGreaterThan(200);
    }
  });

  it('replays a seed exactly', { timeout: 120_000 }, async () => {
    const a = await simulate(7, { steps: 300 });
    const b = await simulate(7, { steps: 300 });
    expect(b.trace).toBe(a.trace);
    expect(b.batches).toBe(a.batches);
    const c = await simulate(8, { steps: 300 });
    expect(c.trace).not.toBe(a.trace);
  });

  it('sees a balance changed without a posting and a lock no order holds', async () => {
    const world = await makeWorld(START_MS);
    try {
      const { core } = world.products;
      expect(memoryViolations(core)).toEqual([]);
      const trader = TRADERS[0] as number;
      const account = core.ledger.find(trader, world.usdt, ACCOUNT_TYPE.trade);
      if (!account) throw new Error('the trader has no USDT trade account');
      // A fee taken without posting: the currency no longer sums to zero.
      account.available -= 1n;
      expect(memoryViolations(core).join()).toMatch(/sum to -1/);
      account.available += 1n;
      // A lock left behind (a cancel that released nothing): no handler holds it.
      account.available -= 5n;
      account.locked += 5n;
      expect(memoryViolations(core).join()).toMatch(/locks 5, its handlers hold 0/);
      account.available += 5n;
      account.locked -= 5n;
      expect(memoryViolations(core)).toEqual([]);
    } finally {
      world.products.core.stopTimers();
    }
  });
});
