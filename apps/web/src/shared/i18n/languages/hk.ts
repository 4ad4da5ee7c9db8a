import { hk } from '@exchange/contract/messages/hk';
import antd from 'antd/es/locale/zh_HK';
import 'dayjs/locale/zh-hk';
import { languagePack } from '../language-pack';

/** `hk`: loaded when it is the chosen language. */
export const pack = languagePack(
  hk,
  import.meta.glob('../../../locales/hk/*.json', { eager: true, import: 'default' }),
  antd,
);
