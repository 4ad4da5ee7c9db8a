import type { UserInfo } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { codeTarget, maskAccount } from './code-target';

const user: UserInfo = {
  id: 7,
  email: 'trader@example.com',
  mobile: null,
  country_code: null,
  area_id: null,
  is_seller: false,
  invite_code: 'ABC123',
  review_status: 0,
  security_level: 75,
  role: 'user',
  created_at: 0,
};

describe('trade password code target (spec 3 §7)', () => {
  it('sends a type 3 code to the account e-mail', () => {
    expect(codeTarget(user)).toEqual({ channel: 'email', to: 'trader@example.com', type: 3 });
  });

  it('uses the mobile number and its area when the user registered by phone', () => {
    expect(codeTarget({ ...user, email: null, mobile: '912345678', area_id: 84 })).toEqual({
      channel: 'mobile',
      to: '912345678',
      type: 3,
      areaId: 84,
    });
  });

  it('has nowhere to send without either', () => {
    expect(codeTarget({ ...user, email: null })).toBeNull();
  });
});

describe('maskAccount', () => {
  it.each([
    ['trader@example.com', 'tr***@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['0912345678', '091****678'],
    ['123456', '123456'],
  ])('%s → %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });
});
