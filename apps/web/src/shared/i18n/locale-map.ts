import type { Lang } from '@exchange/contract';

/** dayjs locale names (each registered by its language's pack, see languages/). */
export const DAYJS_LOCALES: Record<Lang, string> = {
  vi: 'vi',
  en: 'en',
  zh: 'zh-cn',
  hk: 'zh-hk',
  jp: 'ja',
  du: 'de',
  fr: 'fr',
};

/** BCP 47 tags for `<html lang>` and Intl formatting. */
export const HTML_LANGS: Record<Lang, string> = {
  vi: 'vi',
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  jp: 'ja',
  du: 'de',
  fr: 'fr',
};
