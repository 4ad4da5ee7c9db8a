/**
 * Users' assets: the currency catalogue, wallets and addresses, deposits, withdrawals, transfers
 * and the trade (pay) password. It offers its routes, the catalogue, the records pages for the
 * review desk and the pay-password check.
 */
export { assetsRoutes } from './routes.js';
export {
  AMOUNT_DECIMALS,
  type Currency,
  findCurrency,
  loadCurrency,
  parseAmount,
  USDT_ID,
} from './catalogue.js';
export { depositPage, withdrawalPage } from './records.js';
export { checkPayPassword } from './pay-password.js';
export { isValidAddress } from './addresses.js';
export { depositAddressesOf } from './wallets.js';
export { reportDeposit } from './deposit-report.js';
