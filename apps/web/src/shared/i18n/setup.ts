import { DEFAULT_LANG, LANGUAGES, type Lang } from '@exchange/contract';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLang, usePreferences } from '../store/preferences';
import { RESOURCES } from './locale-files';
import { DAYJS_LOCALES, HTML_LANGS } from './locale-map';

if (import.meta.env.DEV && RESOURCES.conflicts.length > 0) {
  console.warn('Conflicting translation keys:', RESOURCES.conflicts);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { translation: RESOURCES.trees[lang] }]),
  ),
  lng: currentLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // The product's codes (hk, jp, du) are not BCP 47; never let i18next reinterpret them.
  load: 'currentOnly',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLang(lang: Lang): void {
  void i18n.changeLanguage(lang);
  dayjs.locale(DAYJS_LOCALES[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANGS[lang];
}

applyLang(currentLang());
usePreferences.subscribe((state, previous) => {
  if (state.lang !== previous.lang) applyLang(state.lang);
});

/** Translate outside React (api client, socket). */
export function translate(key: string, params?: Record<string, string | number>): string {
  return i18n.t(key, params);
}
