import { DEFAULT_LANG, isLang } from '@exchange/contract';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/translation';
import { numberFormat, type NumberFormat } from './number';

/**
 * The number formatters of the language on screen (the translator's, so figures switch together with
 * the texts once a language's chunk has loaded).
 */
export function useNumberFormat(): NumberFormat {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  return useMemo(() => numberFormat(lang), [lang]);
}
