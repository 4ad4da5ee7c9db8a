/** The signed-in asset pages and their layout: one chunk, loaded on the first /assets page. */
export { AccountPage } from '../../features/assets/pages/account-page';
export { AssetsLayout } from '../../features/assets/pages/assets-layout';
export { BindAddressPage } from '../../features/assets/pages/bind-address-page';
export { DealRecordsPage } from '../../features/assets/pages/deal-records-page';
export { TransferLogPage } from '../../features/assets/pages/transfer-log-page';
export { TransferPage } from '../../features/assets/pages/transfer-page';
export { WithdrawLogPage } from '../../features/assets/pages/withdraw-log-page';
export { WithdrawPage } from '../../features/assets/pages/withdraw-page';
export { RechargeOpenPage } from '../../features/assets/pages/recharge-open-page';
export { RechargePage } from '../../features/assets/pages/recharge-page';
