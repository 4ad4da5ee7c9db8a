import { CODE_TYPE, type UserInfo } from '@exchange/contract';
import type { SendCodeInput } from '../../../shared/api/send-code';

/**
 * Where the trade-password code goes (spec 3 §7, notify/send_email type 3): the account's own
 * e-mail, or its mobile number with the area when the user registered by phone.
 */
export function codeTarget(user: UserInfo): SendCodeInput | null {
  if (user.email) return { channel: 'email', to: user.email, type: CODE_TYPE.payPassword };
  if (user.mobile) {
    return {
      channel: 'mobile',
      to: user.mobile,
      type: CODE_TYPE.payPassword,
      areaId: user.area_id ?? undefined,
    };
  }
  return null;
}

/** `trader@example.com` → `tr***@example.com`, `0912345678` → `091****678`: shown, not sent. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at >= 0) {
    const name = account.slice(0, at);
    return `${name.slice(0, Math.min(2, Math.max(1, name.length - 1)))}***${account.slice(at)}`;
  }
  if (account.length <= 6) return account;
  return `${account.slice(0, 3)}${'*'.repeat(account.length - 6)}${account.slice(-3)}`;
}
