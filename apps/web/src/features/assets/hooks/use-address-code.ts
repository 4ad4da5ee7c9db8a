import { BIND_CODE_RESEND_S } from '@exchange/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/ui/toast';
import { useCountdown } from '../../../shared/ui/use-countdown';
import { useAddressSendCode } from '../api/address-send-code';

export interface AddressCode {
  /** Seconds until another code may be sent; 0 when idle. */
  remaining: number;
  sending: boolean;
  /** Where the last code went (a masked e-mail or mobile), once one was sent. */
  sentTo: string | null;
  send: () => void;
}

/** The withdrawal-address code: send, say where it went, then 59 s before a resend (spec 2 §4). */
export function useAddressCode(): AddressCode {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const mutation = useAddressSendCode();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return {
    remaining: countdown.remaining,
    sending: mutation.isPending,
    sentTo,
    send() {
      if (countdown.running || mutation.isPending) return;
      mutation.mutate(undefined, {
        onSuccess: (answer) => {
          countdown.start(answer.resend_after_s > 0 ? answer.resend_after_s : BIND_CODE_RESEND_S);
          setSentTo(answer.to);
          toastSuccess(t('assets.bind.codeSent', { to: answer.to }));
        },
      });
    },
  };
}
