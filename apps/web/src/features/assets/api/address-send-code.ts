import { CALLS } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** address/send_code: a code to the user's own e-mail or mobile; answers where it went. */
export function useAddressSendCode() {
  return useMutation({ mutationFn: () => request(CALLS.addressSendCode, {}) });
}
