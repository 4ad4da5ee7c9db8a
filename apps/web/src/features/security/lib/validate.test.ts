import { describe, expect, it } from 'vitest';
import { validateTradePassword, type TradePasswordForm } from './validate';

const filled: TradePasswordForm = {
  hasOld: true,
  old: 'old12345',
  password: 'pay12345',
  repassword: 'pay12345',
  code: '123456',
};

describe('trade password form (spec 3 §5)', () => {
  it('accepts a complete form', () => {
    expect(validateTradePassword(filled)).toBeNull();
  });

  it('asks for the old password only when one is set', () => {
    expect(validateTradePassword({ ...filled, old: '  ' })).toBe('login.enterOld');
    expect(validateTradePassword({ ...filled, hasOld: false, old: '' })).toBeNull();
  });

  it('checks the new password: required, then 6 to 16 letters or digits', () => {
    expect(validateTradePassword({ ...filled, password: '' })).toBe('register.emptyPassword');
    expect(validateTradePassword({ ...filled, password: 'abc12', repassword: 'abc12' })).toBe(
      'register.length',
    );
    const long = 'a'.repeat(17);
    expect(validateTradePassword({ ...filled, password: long, repassword: long })).toBe(
      'register.length',
    );
    expect(validateTradePassword({ ...filled, password: 'pay-1234', repassword: 'pay-1234' })).toBe(
      'register.length',
    );
  });

  it('wants the confirmation, equal to the new password', () => {
    expect(validateTradePassword({ ...filled, repassword: '' })).toBe('register.enterPassword2');
    expect(validateTradePassword({ ...filled, repassword: 'pay99999' })).toBe('register.unlike');
  });

  it('wants the code last', () => {
    expect(validateTradePassword({ ...filled, code: '' })).toBe('register.emptyCode');
  });

  it('reports the first problem from the top of the form', () => {
    const empty = { hasOld: true, old: '', password: '', repassword: 'x', code: '' };
    expect(validateTradePassword(empty)).toBe('login.enterOld');
    expect(validateTradePassword({ ...empty, old: 'old12345' })).toBe('register.emptyPassword');
    expect(validateTradePassword({ ...empty, old: 'old12345', password: 'pay12345' })).toBe(
      'register.unlike',
    );
  });
});
