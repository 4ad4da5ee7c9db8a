import { describe, expect, it } from 'vitest';
import { externalUrl } from './external-url';

describe('externalUrl', () => {
  it('accepts http and https links', () => {
    expect(externalUrl(' https://t.me/support ')).toBe('https://t.me/support');
    expect(externalUrl('http://chat.example/x?y=1')).toBe('http://chat.example/x?y=1');
  });

  it('hides empty, relative and script links', () => {
    for (const v of [undefined, null, '', '  ', '/relative', 'javascript:alert(1)', 'data:x']) {
      expect(externalUrl(v)).toBeNull();
    }
  });
});
