import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** user/checkPaypass: whether a trade password is set (withdrawals need one). */
export function useCheckPaypass() {
  return useQuery(callQuery(CALLS.checkPaypass));
}
