import { ERROR_MESSAGES } from '@exchange/contract';
import { buildResources } from './resources';

/**
 * Every `src/locales/<lang>/*.json` of every language at once, for the tests that compare them;
 * the app loads one language at a time (setup.ts, languages/).
 */
const localeModules = import.meta.glob<unknown>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const RESOURCES = buildResources(ERROR_MESSAGES, localeModules);
