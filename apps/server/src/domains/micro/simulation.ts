/**
 * Micro trade in the simulation of the core (test/sim): open on every simulated pair with a
 * guard that needs real volume and a funded house; traders place orders of every option (and
 * some of no option or out of range).
 */
import { ACCOUNT_TYPE } from '@exchange/contract';
import { scaled, units } from '../../core/amounts.js';
import type { ProductSimulation } from '../../product-module.js';
import type { MicroHandler } from './handler.js';

export const microSimulation: ProductSimulation<MicroHandler> = {
  async setup(s) {
    for (const m of s.markets) {
      await s.handler.setPair(m.id, { open: true }, s.operator);
      // An index needs volume, so pushing it costs something; the house takes up to 100×.
      const guard = { minTrades: 2, minVolume: units(s.qty(m, 3)), multiplePpm: 10_000n };
      await s.handler.setGuard(m.id, guard, s.operator);
    }
    const terms = {
      enabled: true,
      numbers: [10n, 50n, 100n].map((n) => scaled(n, 0)),
      min: scaled(10n, 0),
      max: scaled(1_000n, 0),
      feeRate: '0.01',
      defaultCap: scaled(100_000n, 0),
    };
    await s.handler.setCurrency(s.usdt, 'USDT', 2, terms, s.operator);
    await s.fundSystem('micro-house', s.usdt, scaled(1_000_000n, 0));
    for (const u of s.traders) await s.credit(u, s.usdt, '5000', ACCOUNT_TYPE.micro);
  },
  commands: [
    {
      weight: 13,
      next: (c) => {
        const m = c.rng.pick(c.markets);
        return {
          kind: 'micro.order',
          userId: c.rng.pick(c.traders),
          marketId: m.id,
          currencyId: c.usdt,
          type: c.rng.pick([1, 2] as const),
          seconds: c.rng.pick([30, 60, 120, 300, 7]),
          number: c.rng.pick(['10', '50', '100', '5', '2000']),
        };
      },
    },
  ],
};
