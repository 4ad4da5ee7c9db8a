import { en } from '@exchange/contract/messages/en';
import antd from 'antd/es/locale/en_US';
import { languagePack } from '../language-pack';

/**
 * `en`: English is in the entry (the default and fallback language), but only the texts of the
 * shell and of the first-visit pages (home, markets, trade, sign-in, news); the other pages'
 * English texts are `en-pages.ts`, a chunk loaded with those pages (setup.ts, `pageTexts`).
 */
export const pack = languagePack(
  en,
  import.meta.glob(
    [
      '../../../locales/en/admin.json',
      '../../../locales/en/auth.json',
      '../../../locales/en/common.json',
      '../../../locales/en/home.json',
      '../../../locales/en/markets.json',
      '../../../locales/en/news.json',
      '../../../locales/en/trade.json',
    ],
    { eager: true, import: 'default' },
  ),
  antd,
);
