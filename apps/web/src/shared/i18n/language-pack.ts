import type { Locale } from 'antd/es/locale';
import { buildLanguage, type Tree } from './resources';

/** Everything one language needs: its texts, antd's locale (dayjs's is registered on import). */
export interface LanguagePack {
  texts: Tree;
  antd: Locale;
}

export function languagePack(
  errorMessages: Record<string, string>,
  localeModules: Record<string, unknown>,
  antd: Locale,
): LanguagePack {
  const { tree, conflicts } = buildLanguage(errorMessages, localeModules);
  if (import.meta.env.DEV && conflicts.length > 0) {
    console.warn('Conflicting translation keys:', conflicts);
  }
  return { texts: tree, antd };
}
