import { ACCOUNT_CODES, ACCOUNT_TYPES } from '@exchange/contract';

/**
 * The user's deposit records (the trade account's records, deposits tab), where a crypto report
 * and a VND transfer's proof wait for review: the deposit pages link there.
 */
export const DEPOSIT_RECORDS_HREF = `/assets/dealRecords?types=${ACCOUNT_CODES[ACCOUNT_TYPES.trade]}&tab=deposits`;
