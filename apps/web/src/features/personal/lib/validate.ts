import { EMAIL_RE, PASSWORD_RE, checkCode, type ErrorKey } from '@exchange/contract';

export interface PasswordForm {
  old: string;
  password: string;
  repassword: string;
}

/** Shortest login password the change screen accepts before the format check (spec 3 §7). */
const PASSWORD_MIN_LENGTH = 6;

/**
 * Changing the login password (spec 3 §7), in the order of user/amend_password: the old password
 * (login.enterOld), the new one (login.p_pwd, login.p_simple below 6 characters, register.length
 * unless 6 to 16 letters or digits), the confirmation (login.p_t_notpwd); then the new one must
 * differ from the old (password.same, which the server also answers).
 */
export function validatePasswordChange(v: PasswordForm): ErrorKey | null {
  const old = v.old.trim();
  const password = v.password.trim();
  if (!old) return 'login.enterOld';
  if (!password) return 'login.p_pwd';
  if (password.length < PASSWORD_MIN_LENGTH) return 'login.p_simple';
  if (!PASSWORD_RE.test(password)) return 'register.length';
  if (v.repassword.trim() !== password) return 'login.p_t_notpwd';
  if (password === old) return 'password.same';
  return null;
}

/** The e-mail address to bind, as sms_mail and safe/email check it. */
export function checkBindEmail(email: string): ErrorKey | null {
  const v = email.trim();
  if (!v) return 'register.emptyEmail';
  return EMAIL_RE.test(v) ? null : 'register.pRightEmail';
}

/** The login password a change of the bound address asks for (sms_mail, safe/email). */
export function checkRebindPassword(password: string): ErrorKey | null {
  return password.trim() ? null : 'account.rebind_password';
}

/** What sms_mail checks before it sends: the address, then the login password. */
export function checkBindCodeRequest(v: { email: string; password: string }): ErrorKey | null {
  return checkBindEmail(v.email) ?? checkRebindPassword(v.password);
}

/**
 * Binding an e-mail (safe/email) in the server's order: the address, the code sent to it, the
 * login password, then (when the account has an address already) the code sent to that one.
 */
export function validateBindEmail(v: {
  email: string;
  code: string;
  password?: string;
  oldCode?: string;
  hasOld?: boolean;
}): ErrorKey | null {
  return (
    checkBindEmail(v.email) ??
    checkCode(v.code) ??
    checkRebindPassword(v.password ?? '') ??
    (v.hasOld && !(v.oldCode ?? '').trim() ? 'account.rebind_old_code' : null)
  );
}
