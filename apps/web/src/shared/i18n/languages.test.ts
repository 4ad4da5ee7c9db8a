import { LANGUAGES } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import type { LanguagePack } from './language-pack';
import { RESOURCES } from './locale-files';
import { DAYJS_LOCALES } from './locale-map';

const packs = import.meta.glob<LanguagePack>('./languages/*.ts', { import: 'pack' });

describe('language packs (one chunk per language)', () => {
  it.each([...LANGUAGES])('%s has the same texts as the whole set', async (lang) => {
    const load = packs[`./languages/${lang}.ts`];
    expect(load, `languages/${lang}.ts`).toBeDefined();
    const pack = await load?.();
    expect(pack?.texts).toEqual(RESOURCES.trees[lang]);
    // antd's locale codes are dayjs's: the pack carries the locale of its own language.
    expect(pack?.antd.locale).toBe(DAYJS_LOCALES[lang]);
  });
});
