import { CALLS } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

const codeQuery = () => callQuery(CALLS.authorizationCode);

/** GET user/authorization_code: made on first read, the same until replaced. */
export function useAuthorizationCode() {
  return useQuery(codeQuery());
}

/** POST user/authorization_code: a new random code; the cached read takes it at once. */
export function useRegenerateCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request(CALLS.newAuthorizationCode, {}),
    onSuccess: (answer) => client.setQueryData(codeQuery().queryKey, answer),
  });
}
