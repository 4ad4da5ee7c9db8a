import { fr } from '@exchange/contract/messages/fr';
import antd from 'antd/es/locale/fr_FR';
import 'dayjs/locale/fr';
import { languagePack } from '../language-pack';

/** `fr`: loaded when it is the chosen language. */
export const pack = languagePack(
  fr,
  import.meta.glob('../../../locales/fr/*.json', { eager: true, import: 'default' }),
  antd,
);
