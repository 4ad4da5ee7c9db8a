/** Languages of the product (spec 1 §9): the header picker offers the first six, fr is also present. */
export const LANGUAGES = ['vi', 'en', 'zh', 'hk', 'jp', 'du', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Native names shown in the language picker. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  vi: 'Tiếng Việt',
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  du: 'Deutsch',
  fr: 'Français',
};
