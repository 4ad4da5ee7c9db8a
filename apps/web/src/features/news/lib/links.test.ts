import { describe, expect, it } from 'vitest';
import { idFromQuery, noticeHref } from './links';

describe('noticeHref', () => {
  it('links an item with its category', () => {
    expect(noticeHref(7, 371)).toBe('/notice?id=371&category_id=7');
  });
  it('links a category alone', () => {
    expect(noticeHref(5)).toBe('/notice?category_id=5');
  });
});

describe('idFromQuery', () => {
  it('reads positive integers', () => {
    expect(idFromQuery('371')).toBe(371);
    expect(idFromQuery(' 7 ')).toBe(7);
  });
  it.each([null, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999'])('rejects %j', (value) => {
    expect(idFromQuery(value)).toBeUndefined();
  });
});
