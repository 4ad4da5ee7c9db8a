import { MOBILE_MAX_DIGITS, MOBILE_MIN_DIGITS, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import type { ErrorKey } from './errors.js';

/**
 * Formats of the shared texts (spec 1 §5): e-mail is letters and digits with - _ . separators,
 * an @, and a domain ending of 2 to 4 letters; mobile is digits only, at least 6; passwords are
 * 6 to 16 letters or digits. Both the web client and the server validate with these.
 */
export const EMAIL_RE =
  /^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*@[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*\.[A-Za-z]{2,4}$/;
export const MOBILE_RE = new RegExp(`^\\d{${MOBILE_MIN_DIGITS},${MOBILE_MAX_DIGITS}}$`);
export const PASSWORD_RE = new RegExp(`^[A-Za-z0-9]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);
export const CALLING_CODE_RE = /^\d{1,4}$/;

export type AccountType = 'email' | 'mobile';

export function checkEmail(value: string): ErrorKey | null {
  const v = value.trim();
  if (!v) return 'register.emptyEmail';
  return EMAIL_RE.test(v) ? null : 'register.pRightEmail';
}

export function checkMobile(value: string): ErrorKey | null {
  const v = value.trim();
  if (!v) return 'register.emptyPhone';
  return MOBILE_RE.test(v) ? null : 'register.pRightPhone';
}

export function checkAccount(type: AccountType, value: string): ErrorKey | null {
  return type === 'email' ? checkEmail(value) : checkMobile(value);
}

export function checkPassword(value: string): ErrorKey | null {
  const v = value.trim();
  if (!v) return 'register.emptyPassword';
  return PASSWORD_RE.test(v) ? null : 'register.length';
}

/** Repeat-password rule of register and forgot-password (spec 1 §5, spec 3 §5). */
export function checkRepeat(password: string, repeat: string): ErrorKey | null {
  if (!repeat.trim()) return 'register.enterPassword2';
  return password.trim() === repeat.trim() ? null : 'register.unlike';
}

export function checkCode(value: string): ErrorKey | null {
  return value.trim() ? null : 'register.emptyCode';
}
