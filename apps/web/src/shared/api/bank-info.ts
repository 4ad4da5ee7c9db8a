import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from './query';

/**
 * user_bank/info: the bank account for withdrawals, or null (the personal area sets it; the VND
 * withdrawal pays to it).
 */
export function bankInfoQuery() {
  return callQuery(CALLS.bankInfo);
}

export function useBankInfo() {
  return useQuery(bankInfoQuery());
}
