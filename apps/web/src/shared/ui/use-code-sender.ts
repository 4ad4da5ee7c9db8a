import { CODE_COUNTDOWN_S, type ErrorKey } from '@exchange/contract';
import { useTranslation } from '../i18n/translation';
import { sendCode, useSendCode, type SendCodeInput } from '../api/send-code';
import { toastError, toastSuccess } from './toast';
import { useCountdown } from './use-countdown';

export interface CodeSender {
  /** Seconds until another code may be sent; 0 when idle. */
  remaining: number;
  sending: boolean;
  /** Validates the account, sends, then counts down; ignored while counting down or sending. */
  send: (input: SendCodeInput, check: () => ErrorKey | null) => void;
  /** Back to idle: the account was edited or the tab or method switched (spec 1 §4). */
  reset: () => void;
}

/**
 * `deliver` sends the code and resolves with the seconds until a resend (0: the usual 60 s); by
 * default notify/send_email or notify/send_sms, or a screen's own call (sms_mail).
 */
export function useCodeSender(
  deliver: (input: SendCodeInput) => Promise<number> = sendCode,
): CodeSender {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const mutation = useSendCode(deliver);

  return {
    remaining: countdown.remaining,
    sending: mutation.isPending,
    send(input, check) {
      if (countdown.running || mutation.isPending) return;
      const error = check();
      if (error) {
        toastError(t(error));
        return;
      }
      mutation.mutate(input, {
        onSuccess: (resendAfter) => {
          countdown.start(resendAfter > 0 ? resendAfter : CODE_COUNTDOWN_S);
          toastSuccess(t('auth.code.sent'));
        },
      });
    },
    reset: countdown.reset,
  };
}
