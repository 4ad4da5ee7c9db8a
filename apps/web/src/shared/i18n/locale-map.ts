import type { Lang } from '@exchange/contract';
import type { Locale } from 'antd/es/locale';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import jaJP from 'antd/locale/ja_JP';
import viVN from 'antd/locale/vi_VN';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';

/** antd's locale per product language. */
export const ANTD_LOCALES: Record<Lang, Locale> = {
  vi: viVN,
  en: enUS,
  zh: zhCN,
  hk: zhHK,
  jp: jaJP,
  du: deDE,
  fr: frFR,
};

/** dayjs locale names (loaded above). */
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
