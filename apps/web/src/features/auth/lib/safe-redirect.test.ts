import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('accepts same-origin paths with their query and hash', () => {
    expect(safeRedirect('/trade')).toBe('/trade');
    expect(safeRedirect('/assets/withdraw?currency_id=5#x')).toBe(
      '/assets/withdraw?currency_id=5#x',
    );
    expect(safeRedirect(' /home ')).toBe('/home');
  });

  it('rejects empty values and anything that could leave the site', () => {
    for (const page of [
      null,
      undefined,
      '',
      'home',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(page)).toBeNull();
    }
  });

  it('does not send a signed-in user back to the sign-in pages', () => {
    expect(safeRedirect('/login?page=/trade')).toBeNull();
    expect(safeRedirect('/register')).toBeNull();
    expect(safeRedirect('/forgetPassword')).toBeNull();
  });
});
