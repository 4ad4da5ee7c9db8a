import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import type { SendCodeInput } from '../../../shared/api/send-code';
import { userInfoQuery } from './user-info';

/** sms_mail: the bind code goes to the address typed (user_string); the usual 60 s to resend. */
export async function sendBindCode(input: SendCodeInput): Promise<number> {
  await request(CALLS.bindEmailCode, { user_string: input.to.trim() });
  return 0;
}

/** safe/email: binds the address with its code; user/info (level, e-mail) is read again. */
export function useBindEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof CALLS.bindEmail>) => request(CALLS.bindEmail, input),
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoQuery().queryKey }),
  });
}
