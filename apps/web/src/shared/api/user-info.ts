import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from './query';

/**
 * user/info: bound phone and e-mail, invite code, identity status and security level (one cache
 * entry for every screen, and for the session's user).
 */
export function userInfoQuery() {
  return callQuery(CALLS.info);
}

export function useUserInfo() {
  return useQuery(userInfoQuery());
}

/**
 * user/checkPaypass: whether a trade password is set (withdrawals need one; the settings say "Set"
 * or "Change").
 */
export function checkPaypassQuery() {
  return callQuery(CALLS.checkPaypass);
}

export function useCheckPaypass() {
  return useQuery(checkPaypassQuery());
}
