import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** user/info: the e-mail or mobile number the trade-password code is sent to. */
export function useUserInfo() {
  return useQuery(callQuery(CALLS.info));
}
