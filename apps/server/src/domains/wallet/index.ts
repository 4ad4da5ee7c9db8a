/**
 * The wallet: deposits and withdrawals with the outside world, operator adjustments and transfers
 * between a user's accounts (its calls are domains/assets'). It offers its product module and its
 * handler's types.
 */
export { walletModule } from './module.js';
export type { PendingWithdrawal, WalletHandler } from './handler.js';
