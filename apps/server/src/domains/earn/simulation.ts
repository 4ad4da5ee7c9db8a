/**
 * Earning products in the simulation of the core (test/sim): products made and funded by the
 * operator, traders moving USDT into their financial accounts and subscribing, the operator
 * funding, drawing, pausing and resuming, and earning days of a simulated minute, so interest
 * and maturities fall due many times per seed (and across restarts).
 */
import { ACCOUNT_TYPE } from '@exchange/contract';
import type { ProductSimulation, SimContext } from '../../product-module.js';
import type { EarnHandler } from './handler.js';

const NAMES = { en: 'simulated savings' };

function terms(c: SimContext<EarnHandler>, days: number) {
  return {
    currencyId: c.usdt,
    currencyCode: 'USDT',
    decimals: 2,
    names: NAMES,
    yieldSources: NAMES,
    days,
    rate: c.rng.pick(['0.05', '0.12', '0.365', '1.5']),
    min: '10',
    max: '2000',
    maxPerUser: '3000',
    quota: '40000',
    saleStart: null,
    saleEnd: null,
  };
}

const productOf = (c: SimContext<EarnHandler>) => {
  const ids = [...c.handler.products.keys()];
  return ids.length ? c.rng.pick(ids) : 1;
};

export const earnSimulation: ProductSimulation<EarnHandler> = {
  // A simulated earning day is a minute from the epoch: seeds see days paid and terms mature.
  options: { earnDay: { ms: 60_000, offsetMs: 0 } },
  async setup(s) {
    for (const days of [1, 3]) {
      const p = await s.handler.create(
        {
          ...terms(s, days),
          rate: '0.12',
          min: 10n * 10n ** 18n,
          max: 2000n * 10n ** 18n,
          maxPerUser: 3000n * 10n ** 18n,
          quota: 40_000n * 10n ** 18n,
        },
        s.operator,
      );
      await s.handler.fund(p.id, 200n * 10n ** 18n, 'simulation interest funding', s.operator);
    }
    for (const userId of s.traders) await s.credit(userId, s.usdt, '4000', ACCOUNT_TYPE.financial);
  },
  commands: [
    {
      weight: 3,
      next: (c) => ({
        kind: 'earn.subscribe',
        userId: c.rng.pick(c.traders),
        productId: productOf(c),
        amount: String(c.rng.int(5, 2_500)),
        lang: 'en',
      }),
    },
    {
      weight: 1,
      next: (c) => ({
        kind: 'wallet.transfer',
        userId: c.rng.pick(c.traders),
        currencyId: c.usdt,
        from: ACCOUNT_TYPE.trade,
        to: ACCOUNT_TYPE.financial,
        amount: String(c.rng.int(1, 1_500)),
        clientId: null,
      }),
    },
    {
      weight: 1,
      next: (c) => ({
        kind: 'earn.fund',
        actorId: c.operator,
        lang: 'en',
        id: productOf(c),
        amount: c.rng.chance(0.3) ? `-${String(c.rng.int(1, 100))}` : String(c.rng.int(1, 300)),
        reason: 'simulated interest funding',
      }),
    },
    {
      weight: 0.3,
      next: (c) => ({
        kind: 'earn.setStatus',
        actorId: c.operator,
        lang: 'en',
        id: productOf(c),
        status: c.rng.chance(0.7) ? 1 : 2,
        reason: 'simulated sale switch',
      }),
    },
    {
      weight: 0.1,
      next: (c) => ({
        kind: 'earn.create',
        actorId: c.operator,
        lang: 'en',
        terms: terms(c, c.rng.int(1, 5)),
      }),
    },
  ],
};
