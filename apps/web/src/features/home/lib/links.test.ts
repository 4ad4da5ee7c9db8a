import { describe, expect, it } from 'vitest';
import { noticeHref, registerHref } from './links';

describe('registerHref', () => {
  it('passes the trimmed account as haccount', () => {
    expect(registerHref('  user@example.com ')).toBe('/register?haccount=user%40example.com');
    expect(new URLSearchParams(registerHref(' 0912 345 ').split('?')[1]).get('haccount')).toBe(
      '0912 345',
    );
  });

  it('leads to the plain register page when nothing was typed', () => {
    expect(registerHref('   ')).toBe('/register');
  });
});

describe('noticeHref', () => {
  it('links an item of a category', () => {
    expect(noticeHref(1, 42)).toBe('/notice?id=42&category_id=1');
  });

  it('links a category without an item', () => {
    expect(noticeHref(22)).toBe('/notice?category_id=22');
  });
});
