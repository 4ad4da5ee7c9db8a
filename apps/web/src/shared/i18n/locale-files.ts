import { ERROR_MESSAGES } from '@exchange/contract';
import { buildResources } from './resources';

/** Every `src/locales/<lang>/*.json`, bundled at build time. */
const localeModules = import.meta.glob<unknown>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const RESOURCES = buildResources(ERROR_MESSAGES, localeModules);
