/**
 * The wallet in the simulation of the core (test/sim): transfers between a trader's trade, lever
 * and micro accounts (some replayed by client id), and operator adjustments up and down.
 */
import { ACCOUNT_TYPE } from '@exchange/contract';
import type { ProductSimulation } from '../../product-module.js';
import type { WalletHandler } from './handler.js';

const ACCOUNTS = [ACCOUNT_TYPE.trade, ACCOUNT_TYPE.lever, ACCOUNT_TYPE.micro];

export const walletSimulation: ProductSimulation<WalletHandler> = {
  commands: [
    {
      weight: 6,
      next: (c) => {
        const from = c.rng.pick(ACCOUNTS);
        return {
          kind: 'wallet.transfer',
          userId: c.rng.pick(c.traders),
          currencyId: c.usdt,
          from,
          to: c.rng.pick(ACCOUNTS.filter((a) => a !== from)),
          amount: String(c.rng.int(1, 3_000)),
          clientId: c.rng.chance(0.2) ? `t${c.rng.int(1, 20)}` : null,
        };
      },
    },
    {
      weight: 3,
      next: (c) => {
        const m = c.rng.pick(c.markets);
        const currencyId = c.rng.chance(0.5) ? c.usdt : m.base;
        const amount = currencyId === c.usdt ? String(c.rng.int(1, 5_000)) : '0.5';
        return {
          kind: 'wallet.adjust',
          actorId: c.operator,
          userId: c.rng.pick(c.traders),
          accountType: c.rng.pick(ACCOUNTS),
          currencyId,
          amount: c.rng.chance(0.25) ? `-${amount}` : amount,
          reason: 'simulated operator adjustment',
        };
      },
    },
  ],
};
