/**
 * VND deposits and withdrawals and the deposit channel list: orders paid by a bank transfer with
 * a VietQR code and a reference, reviewed by an operator before anything is credited.
 */
export { checksumOk, crc16, readFields, vietQrPayload, type VietQrTransfer } from './vietqr.js';
export { REFERENCE_CODE, referenceCode } from './reference.js';
export { parseDepositBank } from './orders.js';
export { vndRoutes } from './routes.js';
