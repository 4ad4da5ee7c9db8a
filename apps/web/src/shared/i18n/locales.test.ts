import { ERROR_MESSAGES, LANGUAGES, type Lang } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from './locale-files';
import { buildResources, flattenTree, placeholders } from './resources';

/** `{{name}}` placeholders and `<tag>` markers of a text: translations must keep both. */
function markers(text: string): string[] {
  const tags = [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => `<${m[1] ?? ''}>`);
  return [...placeholders(text), ...tags.sort()];
}

const flat = {} as Record<Lang, Record<string, string>>;
for (const lang of LANGUAGES) flat[lang] = flattenTree(RESOURCES.trees[lang]);

describe('translations', () => {
  it('merge without conflicting keys', () => {
    expect(RESOURCES.conflicts).toEqual([]);
  });

  it('have the same keys in every language', () => {
    const all = new Set(LANGUAGES.flatMap((lang) => Object.keys(flat[lang])));
    for (const lang of LANGUAGES) {
      const missing = [...all].filter((key) => !(key in flat[lang]));
      expect(missing, `missing in ${lang}`).toEqual([]);
    }
  });

  it('have the same files with the same keys in every language', () => {
    const files = new Set(LANGUAGES.flatMap((lang) => Object.keys(RESOURCES.files[lang])));
    expect(files.size).toBeGreaterThan(0);
    for (const file of files) {
      const keys = LANGUAGES.map((lang) => {
        const tree = RESOURCES.files[lang][file];
        return tree ? Object.keys(flattenTree(tree)).sort() : null;
      });
      for (const [i, lang] of LANGUAGES.entries()) {
        expect(keys[i], `${lang}/${file}`).toEqual(keys[LANGUAGES.indexOf('en')]);
      }
    }
  });

  it('have no empty texts', () => {
    for (const lang of LANGUAGES) {
      const empty = Object.entries(flat[lang]).filter(([, text]) => text.trim() === '');
      expect(
        empty.map(([key]) => key),
        `empty in ${lang}`,
      ).toEqual([]);
    }
  });

  it('keep the placeholders and tags of English', () => {
    for (const lang of LANGUAGES) {
      const wrong = Object.entries(flat.en)
        .filter(([key, text]) => {
          const other = flat[lang][key];
          return other !== undefined && markers(other).join() !== markers(text).join();
        })
        .map(([key]) => key);
      expect(wrong, `placeholders differ in ${lang}`).toEqual([]);
    }
  });

  it('contain the contract error texts as nested keys', () => {
    expect(flat.en['register.emptyEmail']).toBe(ERROR_MESSAGES.en['register.emptyEmail']);
    expect(flat.jp['auth.session_expired']).toBe(ERROR_MESSAGES.jp['auth.session_expired']);
    expect(flat.en['client.network']).toBeTruthy();
  });
});

describe('buildResources', () => {
  const errors = {} as Record<Lang, Record<string, string>>;
  for (const lang of LANGUAGES) errors[lang] = { 'a.b': 'x' };

  it('merges files into the error tree and reports clashes', () => {
    const built = buildResources(errors, {
      '../../locales/en/one.json': { a: { c: 'y' } },
      '../../locales/en/two.json': { a: { b: 'dup' }, d: 'z' },
      '../../locales/xx/one.json': { ignored: 'yes' },
      '../../locales/fr/bad.json': { a: 1 },
    });
    expect(flattenTree(built.trees.en)).toEqual({ 'a.b': 'x', 'a.c': 'y', d: 'z' });
    expect(built.conflicts).toEqual([
      'en/two.json: a.b',
      '../../locales/fr/bad.json: not a tree of texts',
    ]);
  });

  it('catches a key that is both a text and a namespace', () => {
    const built = buildResources(errors, { '../../locales/vi/x.json': { a: 'text' } });
    expect(built.conflicts).toEqual(['vi/x.json: a']);
  });
});
