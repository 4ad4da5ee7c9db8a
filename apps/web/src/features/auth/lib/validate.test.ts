import { describe, expect, it } from 'vitest';
import { checkForgotEmail, validateForgot, validateLogin, validateRegister } from './validate';

describe('validateLogin', () => {
  const ok = { type: 'email' as const, account: 'a@b.co', password: 'abc123', code: '' };

  it('checks the account by tab, then the password', () => {
    expect(validateLogin({ ...ok, account: ' ' }, false)).toBe('register.emptyEmail');
    expect(validateLogin({ ...ok, account: 'a@b' }, false)).toBe('register.pRightEmail');
    expect(validateLogin({ ...ok, type: 'mobile', account: '' }, false)).toBe(
      'register.emptyPhone',
    );
    expect(validateLogin({ ...ok, type: 'mobile', account: '12345' }, false)).toBe(
      'register.pRightPhone',
    );
    expect(validateLogin({ ...ok, password: '  ' }, false)).toBe('register.emptyPassword');
    expect(validateLogin(ok, false)).toBeNull();
  });

  it('requires the code only when SMS login is on', () => {
    expect(validateLogin(ok, true)).toBe('register.emptyCode');
    expect(validateLogin({ ...ok, code: '123456' }, true)).toBeNull();
  });
});

describe('validateRegister', () => {
  const ok = {
    type: 'mobile' as const,
    account: '912345678',
    agreed: true,
    code: '123456',
    password: 'abc123',
    repassword: 'abc123',
  };

  it('follows the order account, agreement, code, password, repeat, equal', () => {
    const bad = { ...ok, account: '', agreed: false, code: '', password: '', repassword: '' };
    expect(validateRegister(bad)).toBe('register.emptyPhone');
    expect(validateRegister({ ...bad, account: ok.account })).toBe('login.p_first');
    expect(validateRegister({ ...bad, account: ok.account, agreed: true })).toBe(
      'register.emptyCode',
    );
    const withCode = { ...ok, password: '', repassword: '' };
    expect(validateRegister(withCode)).toBe('register.emptyPassword');
    expect(validateRegister({ ...withCode, password: 'abc' })).toBe('register.length');
    expect(validateRegister({ ...withCode, password: 'abc123' })).toBe('register.enterPassword2');
    expect(validateRegister({ ...ok, repassword: 'abc124' })).toBe('register.unlike');
    expect(validateRegister(ok)).toBeNull();
  });

  it('trims every input', () => {
    expect(validateRegister({ ...ok, account: ' 912345678 ', repassword: ' abc123 ' })).toBeNull();
  });
});

describe('validateForgot', () => {
  const ok = { email: 'a@b.co', code: '123456', password: 'abc123', repassword: 'abc123' };

  it('checks e-mail, code, password, confirmation', () => {
    expect(checkForgotEmail('')).toBe('login.p_temail');
    expect(validateForgot({ ...ok, email: 'nope' })).toBe('login.p_temail');
    expect(validateForgot({ ...ok, code: ' ' })).toBe('register.emptyCode');
    expect(validateForgot({ ...ok, password: '' })).toBe('register.emptyPassword');
    expect(validateForgot({ ...ok, password: 'a!b@c#d' })).toBe('register.length');
    expect(validateForgot({ ...ok, repassword: '' })).toBe('register.enterPassword2');
    expect(validateForgot({ ...ok, repassword: 'abc12' })).toBe('register.unlike');
    expect(validateForgot(ok)).toBeNull();
  });
});
