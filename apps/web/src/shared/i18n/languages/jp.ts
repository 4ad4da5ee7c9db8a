import { jp } from '@exchange/contract/messages/jp';
import antd from 'antd/es/locale/ja_JP';
import 'dayjs/locale/ja';
import { languagePack } from '../language-pack';

/** `jp`: loaded when it is the chosen language. */
export const pack = languagePack(
  jp,
  import.meta.glob('../../../locales/jp/*.json', { eager: true, import: 'default' }),
  antd,
);
