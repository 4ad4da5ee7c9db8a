import { DEFAULT_LANG, type Lang } from '@exchange/contract';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { currentLang, usePreferences } from '../store/preferences';
import type { LanguagePack } from './language-pack';
import { pack as defaultPack } from './languages/en';
import { DAYJS_LOCALES, HTML_LANGS } from './locale-map';
import { Translator } from './translator';

export const i18n = new Translator(DEFAULT_LANG);
i18n.addTexts(DEFAULT_LANG, defaultPack.texts);

/**
 * One chunk per language (texts, antd and dayjs locales): only the chosen one is loaded. English,
 * the default and the fallback, is in the entry, so it is ready at once.
 */
const packLoaders = import.meta.glob<LanguagePack>(
  ['./languages/*.ts', '!./languages/en.ts', '!./languages/en-pages.ts'],
  { import: 'pack' },
);

let pagesLoading: Promise<void> | null = null;

/**
 * Adds the English texts of the pages outside the entry (languages/en-pages.ts); the route table
 * awaits it with those pages' chunks. The other languages' packs hold every text already, and
 * English is the fallback of a missing one, so it is loaded whatever the language.
 */
export function pageTexts(): Promise<void> {
  pagesLoading ??= import('./languages/en-pages').then(
    (m) => i18n.addTexts(DEFAULT_LANG, m.texts),
    (error: unknown) => {
      pagesLoading = null;
      throw error;
    },
  );
  return pagesLoading;
}
const packs = new Map<Lang, LanguagePack>([[DEFAULT_LANG, defaultPack]]);

function loadPack(lang: Lang): Promise<LanguagePack> {
  const loaded = packs.get(lang);
  if (loaded) return Promise.resolve(loaded);
  const load = packLoaders[`./languages/${lang}.ts`];
  if (!load) return Promise.reject(new Error(`No texts for ${lang}`));
  return load().then((pack) => {
    packs.set(lang, pack);
    i18n.addTexts(lang, pack.texts);
    return pack;
  });
}

/** The language chosen last: an earlier choice still loading does not override it. */
let wanted: Lang = DEFAULT_LANG;

/** Switches to a language once its chunk is loaded; the texts on screen stay until then. */
async function applyLang(lang: Lang): Promise<void> {
  wanted = lang;
  try {
    await loadPack(lang);
  } catch (error) {
    // Offline or a stale deployment: keep the language on screen (the choice stays stored).
    console.error(error);
    return;
  }
  if (wanted !== lang) return;
  // Dates and the page's language first: the re-render the switch causes uses them.
  dayjs.locale(DAYJS_LOCALES[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANGS[lang];
  i18n.setLanguage(lang);
}

/** Resolves once the stored language is on screen (or English, if it failed to load). */
export const i18nReady: Promise<void> = applyLang(currentLang());

usePreferences.subscribe((state, previous) => {
  if (state.lang !== previous.lang) void applyLang(state.lang);
});

/** antd's locale for the language on screen. */
export function antdLocaleOf(lang: string): Locale {
  return (packs.get(lang as Lang) ?? defaultPack).antd;
}

/** Translate outside React (api client, socket). */
export function translate(key: string, params?: Record<string, string | number>): string {
  return i18n.t(key, params);
}
