import {
  checkAccount,
  checkCode,
  checkPassword,
  checkRepeat,
  EMAIL_RE,
  type AccountType,
  type ErrorKey,
} from '@exchange/contract';

/** Login (spec 1 §5): account by tab, password, and the code when SMS login is on. */
export function validateLogin(
  v: { type: AccountType; account: string; password: string; code: string },
  codeRequired: boolean,
): ErrorKey | null {
  return (
    checkAccount(v.type, v.account) ??
    (v.password.trim() ? null : 'register.emptyPassword') ??
    (codeRequired ? checkCode(v.code) : null)
  );
}

/** Register (spec 1 §5), in the screen's order: account, agreement, code, password, repeat. */
export function validateRegister(v: {
  type: AccountType;
  account: string;
  agreed: boolean;
  code: string;
  password: string;
  repassword: string;
}): ErrorKey | null {
  return (
    checkAccount(v.type, v.account) ??
    (v.agreed ? null : 'login.p_first') ??
    checkCode(v.code) ??
    checkPassword(v.password) ??
    checkRepeat(v.password, v.repassword)
  );
}

/** The e-mail of the forgot-password screen (spec 3 §5: login.p_temail). */
export function checkForgotEmail(email: string): ErrorKey | null {
  return EMAIL_RE.test(email.trim()) ? null : 'login.p_temail';
}

/** Forgot password (spec 3 §5): e-mail, code, new password, confirmation. */
export function validateForgot(v: {
  email: string;
  code: string;
  password: string;
  repassword: string;
}): ErrorKey | null {
  return (
    checkForgotEmail(v.email) ??
    checkCode(v.code) ??
    checkPassword(v.password) ??
    checkRepeat(v.password, v.repassword)
  );
}
