/**
 * VND deposits and withdrawals (in progress): the VietQR payload a Vietnamese banking app scans
 * and the reference code a deposit's transfer carries.
 */
export { checksumOk, crc16, readFields, vietQrPayload, type VietQrTransfer } from './vietqr.js';
export { REFERENCE_CODE, referenceCode } from './reference.js';
