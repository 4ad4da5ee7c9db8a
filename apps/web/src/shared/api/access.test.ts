import type { UserInfo } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { accessOf, isAdmin, loginHref } from './access';

const trader: UserInfo = {
  id: 2,
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
const operator: UserInfo = { ...trader, id: 1, role: 'admin' };

describe('page access', () => {
  it('sends guests to login on every protected page', () => {
    expect(accessOf(null, null, 'user')).toBe('guest');
    expect(accessOf(null, operator, 'admin')).toBe('guest');
  });

  it('lets any signed-in user open user pages at once', () => {
    expect(accessOf('token', null, 'user')).toBe('granted');
    expect(accessOf('token', trader, 'user')).toBe('granted');
  });

  it('opens operator pages only for the admin role, once user/info has answered', () => {
    expect(accessOf('token', null, 'admin')).toBe('pending');
    expect(accessOf('token', trader, 'admin')).toBe('denied');
    expect(accessOf('token', operator, 'admin')).toBe('granted');
  });

  it('shows operator links only to admins', () => {
    expect(isAdmin(operator)).toBe(true);
    expect(isAdmin(trader)).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('keeps the page with its query for after login', () => {
    expect(loginHref('/admin/deposits?status=all')).toBe(
      '/login?page=%2Fadmin%2Fdeposits%3Fstatus%3Dall',
    );
  });
});
