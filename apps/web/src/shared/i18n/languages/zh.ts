import { zh } from '@exchange/contract/messages/zh';
import antd from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { languagePack } from '../language-pack';

/** `zh`: loaded when it is the chosen language. */
export const pack = languagePack(
  zh,
  import.meta.glob('../../../locales/zh/*.json', { eager: true, import: 'default' }),
  antd,
);
