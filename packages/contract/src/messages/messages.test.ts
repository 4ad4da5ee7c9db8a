import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../errors.js';
import { LANGUAGES } from '../lang.js';
import { ERROR_MESSAGES, translateError } from './index.js';

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

describe('error messages', () => {
  const en = ERROR_MESSAGES.en;

  it.each(LANGUAGES)('%s has exactly the keys of ERRORS', (lang) => {
    expect(Object.keys(ERROR_MESSAGES[lang]).sort()).toEqual([...ERROR_KEYS].sort());
  });

  it.each(LANGUAGES)('%s has no empty value', (lang) => {
    for (const key of ERROR_KEYS) {
      expect(ERROR_MESSAGES[lang][key].trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it.each(LANGUAGES)('%s keeps the placeholders of en', (lang) => {
    for (const key of ERROR_KEYS) {
      expect(placeholders(ERROR_MESSAGES[lang][key]), `${lang} ${key}`).toEqual(
        placeholders(en[key]),
      );
    }
  });

  // A copy of en.ts left untranslated would pass the checks above; most values must differ.
  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s is translated, not copied', (lang) => {
    const differing = ERROR_KEYS.filter((key) => ERROR_MESSAGES[lang][key] !== en[key]);
    expect(differing.length / ERROR_KEYS.length).toBeGreaterThanOrEqual(0.8);
  });

  it('fills placeholders', () => {
    expect(translateError('en', 'code.resend_wait', { seconds: 42 })).toBe(
      'Please wait 42 s before requesting another code',
    );
    expect(translateError('fr', 'common.invalid_param', { field: 'price' })).toContain('price');
  });
});
