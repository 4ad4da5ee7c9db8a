import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { defineProduct } from '../../product-module.js';
import { WalletHandler } from './handler.js';
import { walletCommands } from './messages.js';
import { walletSimulation } from './simulation.js';

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
  commands: walletCommands,
  simulation: walletSimulation,
});
