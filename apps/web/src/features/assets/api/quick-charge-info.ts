import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/**
 * quickCharge/info: the deposit channels (each open currency on each chain with the user's own
 * address, then the VND bank transfer) and the outside exchanges to buy crypto at.
 */
export function quickChargeQuery() {
  return callQuery(CALLS.quickChargeInfo);
}

export function useQuickCharge() {
  return useQuery(quickChargeQuery());
}
