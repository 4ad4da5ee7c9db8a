import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** user/checkPaypass: whether a trade password is set. */
export function checkPaypassQuery() {
  return callQuery(CALLS.checkPaypass);
}

export function useCheckPaypass() {
  return useQuery(checkPaypassQuery());
}
