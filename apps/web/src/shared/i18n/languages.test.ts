import { LANGUAGES } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import type { LanguagePack } from './language-pack';
import { RESOURCES } from './locale-files';
import { DAYJS_LOCALES } from './locale-map';
import { mergeTree } from './resources';

const packs = import.meta.glob<LanguagePack>(['./languages/*.ts', '!./languages/en-pages.ts'], {
  import: 'pack',
});

describe('language packs (one chunk per language)', () => {
  it('English splits its files between the entry and the pages chunk, each file once', async () => {
    const entry = (await import('./languages/en')).pack.texts;
    const pages = (await import('./languages/en-pages')).texts;
    const overlap = Object.keys(pages).filter(
      (ns) => ns in entry && ns !== 'admin' && ns !== 'assets',
    );
    expect(overlap).toEqual([]);
    expect(Object.keys(pages)).toEqual(expect.arrayContaining(['assets', 'leverage', 'security']));
    expect(Object.keys(entry)).toEqual(expect.arrayContaining(['nav', 'home', 'markets', 'trade']));
  });

  it.each([...LANGUAGES])('%s has the same texts as the whole set', async (lang) => {
    const load = packs[`./languages/${lang}.ts`];
    expect(load, `languages/${lang}.ts`).toBeDefined();
    const pack = await load?.();
    // English comes in two chunks: the entry's texts and the other pages' (en-pages.ts).
    const texts =
      lang === 'en' && pack
        ? mergeTree(structuredClone(pack.texts), (await import('./languages/en-pages')).texts, [])
        : pack?.texts;
    expect(texts).toEqual(RESOURCES.trees[lang]);
    // antd's locale codes are dayjs's: the pack carries the locale of its own language.
    expect(pack?.antd.locale).toBe(DAYJS_LOCALES[lang]);
  });
});
