import { describe, expect, it } from 'vitest';
import {
  checkBindCodeRequest,
  checkBindEmail,
  validateBindEmail,
  validatePasswordChange,
} from './validate';

const ok = { old: 'oldpass1', password: 'newpass2', repassword: 'newpass2' };

describe('validatePasswordChange', () => {
  it('accepts a complete form', () => {
    expect(validatePasswordChange(ok)).toBeNull();
  });

  it('checks in the order of user/amend_password, with its keys', () => {
    expect(validatePasswordChange({ old: '', password: '', repassword: 'x' })).toBe(
      'login.enterOld',
    );
    expect(validatePasswordChange({ ...ok, password: '  ', repassword: '' })).toBe('login.p_pwd');
    expect(validatePasswordChange({ ...ok, password: 'ab1', repassword: '' })).toBe(
      'login.p_simple',
    );
    expect(validatePasswordChange({ ...ok, password: 'abc 123', repassword: '' })).toBe(
      'register.length',
    );
    expect(validatePasswordChange({ ...ok, password: 'a'.repeat(17), repassword: '' })).toBe(
      'register.length',
    );
    expect(validatePasswordChange({ ...ok, password: 'pass-word', repassword: '' })).toBe(
      'register.length',
    );
    expect(validatePasswordChange({ ...ok, repassword: '' })).toBe('login.p_t_notpwd');
    expect(validatePasswordChange({ ...ok, repassword: 'newpass3' })).toBe('login.p_t_notpwd');
    expect(
      validatePasswordChange({ old: 'same1234', password: 'same1234', repassword: 'same1234' }),
    ).toBe('password.same');
  });

  it('trims as the server does', () => {
    expect(
      validatePasswordChange({ old: ' oldpass1 ', password: ' newpass2', repassword: 'newpass2 ' }),
    ).toBeNull();
    expect(validatePasswordChange({ ...ok, old: '   ' })).toBe('login.enterOld');
  });
});

describe('bind e-mail checks', () => {
  it('asks for an address, then a well-formed one, then the code', () => {
    expect(checkBindEmail(' ')).toBe('register.emptyEmail');
    expect(checkBindEmail('nope@')).toBe('register.pRightEmail');
    expect(checkBindEmail(' me@example.com ')).toBeNull();
    expect(validateBindEmail({ email: '', code: '' })).toBe('register.emptyEmail');
    expect(validateBindEmail({ email: 'a@b', code: '' })).toBe('register.pRightEmail');
    expect(validateBindEmail({ email: 'me@example.com', code: ' ' })).toBe('register.emptyCode');
    expect(validateBindEmail({ email: 'me@example.com', code: '123456', password: 'pw1234' })).toBe(
      null,
    );
  });

  it('then the login password, then the code sent to the address bound now', () => {
    const form = { email: 'me@example.com', code: '123456' };
    expect(validateBindEmail(form)).toBe('account.rebind_password');
    expect(validateBindEmail({ ...form, password: '  ' })).toBe('account.rebind_password');
    expect(validateBindEmail({ ...form, password: 'pw1234', hasOld: true })).toBe(
      'account.rebind_old_code',
    );
    expect(
      validateBindEmail({ ...form, password: 'pw1234', hasOld: true, oldCode: '654321' }),
    ).toBeNull();
    // A first binding has no address to send a second code to.
    expect(validateBindEmail({ ...form, password: 'pw1234', hasOld: false })).toBeNull();
  });

  it('sends codes only for an address and the login password', () => {
    expect(checkBindCodeRequest({ email: '', password: 'pw1234' })).toBe('register.emptyEmail');
    expect(checkBindCodeRequest({ email: 'me@example.com', password: '' })).toBe(
      'account.rebind_password',
    );
    expect(checkBindCodeRequest({ email: 'me@example.com', password: 'pw1234' })).toBeNull();
  });
});
