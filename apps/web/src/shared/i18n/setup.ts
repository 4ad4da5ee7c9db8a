import { DEFAULT_LANG, LANGUAGES, type Lang } from '@exchange/contract';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLang, usePreferences } from '../store/preferences';
import type { LanguagePack } from './language-pack';
import { pack as defaultPack } from './languages/en';
import { DAYJS_LOCALES, HTML_LANGS } from './locale-map';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANG]: { translation: defaultPack.texts } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // The product's codes (hk, jp, du) are not BCP 47; never let i18next reinterpret them.
  load: 'currentOnly',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * One chunk per language (texts, antd and dayjs locales): only the chosen one is loaded. English,
 * the default and the fallback, is in the entry, so it is ready at once.
 */
const packLoaders = import.meta.glob<LanguagePack>(['./languages/*.ts', '!./languages/en.ts'], {
  import: 'pack',
});
const packs = new Map<Lang, LanguagePack>([[DEFAULT_LANG, defaultPack]]);

function loadPack(lang: Lang): Promise<LanguagePack> {
  const loaded = packs.get(lang);
  if (loaded) return Promise.resolve(loaded);
  const load = packLoaders[`./languages/${lang}.ts`];
  if (!load) return Promise.reject(new Error(`No texts for ${lang}`));
  return load().then((pack) => {
    packs.set(lang, pack);
    i18n.addResourceBundle(lang, 'translation', pack.texts);
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
  await i18n.changeLanguage(lang);
  dayjs.locale(DAYJS_LOCALES[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANGS[lang];
}

/** Resolves once the stored language is on screen (or English, if it failed to load). */
export const i18nReady: Promise<void> = applyLang(currentLang());

usePreferences.subscribe((state, previous) => {
  if (state.lang !== previous.lang) void applyLang(state.lang);
});

/** antd's locale for the language i18next shows. */
export function antdLocaleOf(lang: string): Locale {
  return (packs.get(lang as Lang) ?? defaultPack).antd;
}

/** Translate outside React (api client, socket). */
export function translate(key: string, params?: Record<string, string | number>): string {
  return i18n.t(key, params);
}
