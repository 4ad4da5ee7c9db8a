import { en } from '@exchange/contract/messages/en';
import antd from 'antd/es/locale/en_US';
import { languagePack } from '../language-pack';

/** `en`: English is in the entry (the default and fallback language). */
export const pack = languagePack(
  en,
  import.meta.glob('../../../locales/en/*.json', { eager: true, import: 'default' }),
  antd,
);
