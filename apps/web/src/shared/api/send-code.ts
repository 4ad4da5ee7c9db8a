import { CALLS, type AccountType, type CodeType } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from './client';

export interface SendCodeInput {
  channel: AccountType;
  to: string;
  type: CodeType;
  areaId?: number;
}

/** notify/send_email or notify/send_sms; resolves with the seconds until a resend is allowed. */
export async function sendCode(input: SendCodeInput): Promise<number> {
  const params = { to: input.to.trim(), type: input.type, area_id: input.areaId };
  const answer =
    input.channel === 'email'
      ? await request(CALLS.sendEmail, params)
      : await request(CALLS.sendSms, params);
  return answer.resend_after_s;
}

export function useSendCode(deliver: (input: SendCodeInput) => Promise<number> = sendCode) {
  return useMutation({ mutationFn: deliver });
}
