import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkCode,
  checkEmail,
  checkMobile,
  checkPassword,
  checkRepeat,
  EMAIL_RE,
  MOBILE_RE,
  PASSWORD_RE,
} from './validation.js';

// Formats stated by the shared texts, spec 1 §5.
describe('e-mail format', () => {
  it.each(['a.b-c_d@ex-ample.co.uk', 'user@example.com', 'A1@b2.info'])('accepts %s', (v) => {
    expect(EMAIL_RE.test(v)).toBe(true);
  });
  it.each(['a@b.c', 'a@b.abcde', '@x.com', 'a..b@x.com', 'a@x', 'a b@x.com', 'a@x.c0m'])(
    'rejects %s',
    (v) => {
      expect(EMAIL_RE.test(v)).toBe(false);
    },
  );
});

describe('mobile format', () => {
  it.each(['123456', '0912345678'])('accepts %s', (v) => {
    expect(MOBILE_RE.test(v)).toBe(true);
  });
  it.each(['12345', '12345a', '+123456', '123 456', ''])('rejects %j', (v) => {
    expect(MOBILE_RE.test(v)).toBe(false);
  });
});

describe('password format', () => {
  it.each(['abc123', 'ABCdef123456789x'])('accepts %s', (v) => {
    expect(PASSWORD_RE.test(v)).toBe(true);
  });
  it.each(['abc12', 'a'.repeat(17), 'abc 123', 'abc_123'])('rejects %s', (v) => {
    expect(PASSWORD_RE.test(v)).toBe(false);
  });
});

describe('check functions return the keys of spec 1 §5', () => {
  it('checkEmail', () => {
    expect(checkEmail('')).toBe('register.emptyEmail');
    expect(checkEmail('   ')).toBe('register.emptyEmail');
    expect(checkEmail('a@b.c')).toBe('register.pRightEmail');
    expect(checkEmail('  user@example.com  ')).toBeNull();
  });

  it('checkMobile', () => {
    expect(checkMobile('')).toBe('register.emptyPhone');
    expect(checkMobile('12345')).toBe('register.pRightPhone');
    expect(checkMobile(' 123456 ')).toBeNull();
  });

  it('checkAccount picks the rule of the account type', () => {
    expect(checkAccount('email', '')).toBe('register.emptyEmail');
    expect(checkAccount('email', '123456')).toBe('register.pRightEmail');
    expect(checkAccount('mobile', '')).toBe('register.emptyPhone');
    expect(checkAccount('mobile', 'user@example.com')).toBe('register.pRightPhone');
    expect(checkAccount('mobile', '123456')).toBeNull();
  });

  it('checkPassword', () => {
    expect(checkPassword('')).toBe('register.emptyPassword');
    expect(checkPassword('abc12')).toBe('register.length');
    expect(checkPassword('abc_123')).toBe('register.length');
    expect(checkPassword('abc123')).toBeNull();
  });

  it('checkRepeat', () => {
    expect(checkRepeat('abc123', '')).toBe('register.enterPassword2');
    expect(checkRepeat('abc123', '  ')).toBe('register.enterPassword2');
    expect(checkRepeat('abc123', 'abc124')).toBe('register.unlike');
    expect(checkRepeat('abc123', ' abc123 ')).toBeNull();
  });

  it('checkCode', () => {
    expect(checkCode('')).toBe('register.emptyCode');
    expect(checkCode(' ')).toBe('register.emptyCode');
    expect(checkCode('123456')).toBeNull();
  });
});
