import { vi } from '@exchange/contract/messages/vi';
import antd from 'antd/es/locale/vi_VN';
import 'dayjs/locale/vi';
import { languagePack } from '../language-pack';

/** `vi`: loaded when it is the chosen language. */
export const pack = languagePack(
  vi,
  import.meta.glob('../../../locales/vi/*.json', { eager: true, import: 'default' }),
  antd,
);
