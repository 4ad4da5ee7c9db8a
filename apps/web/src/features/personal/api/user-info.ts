import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** user/info: bound phone and e-mail, invite code, identity status and security level. */
export function userInfoQuery() {
  return callQuery(CALLS.info);
}

export function useUserInfo() {
  return useQuery(userInfoQuery());
}

/** user/checkPaypass: whether a trade password is set (the settings say "Set" or "Change"). */
export function useCheckPaypass() {
  return useQuery(callQuery(CALLS.checkPaypass));
}
