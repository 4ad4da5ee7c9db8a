import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { SendCodeInput } from '../../../shared/api/send-code';
import { userInfoQuery } from '../../../shared/api/user-info';

/** Which codes sms_mail sends: to the address typed, or to the address bound now. */
export type BindCodeTarget = 'new' | 'old';

/**
 * sms_mail after the login password: the bind code goes to the address typed (user_string), or
 * (target old) a code to the address bound now; the usual 60 s to resend.
 */
export async function sendBindCode(
  input: SendCodeInput,
  password = '',
  target: BindCodeTarget = 'new',
): Promise<number> {
  await request(CALLS.bindEmailCode, { user_string: input.to.trim(), password, target });
  return 0;
}

/** safe/email: binds the address with its code(s) and the password; user/info is read again. */
export function useBindEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof CALLS.bindEmail>) => request(CALLS.bindEmail, input),
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoQuery().queryKey }),
  });
}

/** user/freeze: the link of an address-change notice (no session needed). */
export function useFreezeAccount() {
  return useMutation({
    mutationFn: (token: string) => request(CALLS.freezeAccount, { token }),
  });
}
