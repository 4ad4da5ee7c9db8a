/** The VND pages (deposit by bank transfer, withdrawal to a bank account, its records): one chunk. */
export { RechargeVndPage } from '../../features/vnd/pages/recharge-vnd-page';
export { VndWithdrawLogPage } from '../../features/vnd/pages/withdraw-log-page';
export { VndWithdrawPage } from '../../features/vnd/pages/withdraw-page';
