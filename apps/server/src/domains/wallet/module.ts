import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { units } from '../../core/amounts.js';
import { command } from '../../core/commands.js';
import { reject } from '../../core/result.js';
import { defineProduct } from '../../product-module.js';
import { WalletHandler } from './handler.js';
import { walletSimulation } from './simulation.js';

const id = z.number().int().positive();
const accountType = z.number().int().min(1).max(5);
/** A signed decimal string: an adjustment may take away. */
const decimal = z.string().regex(/^-?\d{1,30}(\.\d{1,18})?$/);

/**
 * The wallet: deposits and withdrawals with the outside world, operator adjustments and
 * transfers between a user's accounts. Its calls are the assets area's (domains/assets).
 */
export const walletModule = defineProduct({
  name: 'wallet',
  audit: {
    lockedTypes: [ACCOUNT_TYPE.trade],
    // A withdrawal waiting for review holds its amount in the trade account.
    reserved: sql`select currency_id, sum(number) from withdrawals where status = 0 group by 1`,
  },
  create: ({ core }) => new WalletHandler(core),
  commands: {
    transfer: command(
      z.object({
        userId: id,
        currencyId: id,
        from: accountType,
        to: accountType,
        amount: decimal,
        clientId: z.string().nullable(),
      }),
      async (wallet: WalletHandler, m) => {
        const r = await wallet.transfer({ ...m, amount: units(m.amount) });
        return { id: r.id, replay: r.replay };
      },
    ),
    adjust: command(
      z.object({
        actorId: id.nullable(),
        userId: id,
        accountType,
        currencyId: id,
        amount: decimal,
        reason: z.string().min(1),
      }),
      async (wallet: WalletHandler, m) => {
        const amount = units(m.amount);
        if (amount === 0n) return reject('INVALID_NUMBER');
        const r = await wallet.adjust({ ...m, amount });
        return { journalId: r.journalId };
      },
    ),
  },
  simulation: walletSimulation,
});
