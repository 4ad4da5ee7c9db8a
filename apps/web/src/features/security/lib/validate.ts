import { checkCode, checkPassword, checkRepeat, type ErrorKey } from '@exchange/contract';

export interface TradePasswordForm {
  /** Whether a trade password is already set (user/checkPaypass): then the old one is asked for. */
  hasOld: boolean;
  old: string;
  password: string;
  repassword: string;
  code: string;
}

/**
 * The trade-password form (spec 3 §5), top to bottom: the old password when one exists
 * (login.enterOld), the new one as 6 to 16 letters or digits (register.emptyPassword,
 * register.length), the confirmation (register.enterPassword2, register.unlike), the code.
 */
export function validateTradePassword(v: TradePasswordForm): ErrorKey | null {
  return (
    (v.hasOld && !v.old.trim() ? 'login.enterOld' : null) ??
    checkPassword(v.password) ??
    checkRepeat(v.password, v.repassword) ??
    checkCode(v.code)
  );
}
