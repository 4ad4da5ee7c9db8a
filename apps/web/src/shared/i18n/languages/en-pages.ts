import { buildLanguage } from '../resources';

/**
 * The English texts of the pages that are not in the entry (assets, leverage, micro trade, trade
 * password, operator pages): every English file that `en.ts` does not load. A chunk of its own.
 */
export const texts = buildLanguage(
  {},
  import.meta.glob(
    [
      '../../../locales/en/*.json',
      '!../../../locales/en/admin.json',
      '!../../../locales/en/auth.json',
      '!../../../locales/en/common.json',
      '!../../../locales/en/home.json',
      '!../../../locales/en/markets.json',
      '!../../../locales/en/news.json',
      '!../../../locales/en/trade.json',
    ],
    { eager: true, import: 'default' },
  ),
).tree;
