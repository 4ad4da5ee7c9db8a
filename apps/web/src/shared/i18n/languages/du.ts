import { du } from '@exchange/contract/messages/du';
import antd from 'antd/es/locale/de_DE';
import 'dayjs/locale/de';
import { languagePack } from '../language-pack';

/** `du`: loaded when it is the chosen language. */
export const pack = languagePack(
  du,
  import.meta.glob('../../../locales/du/*.json', { eager: true, import: 'default' }),
  antd,
);
