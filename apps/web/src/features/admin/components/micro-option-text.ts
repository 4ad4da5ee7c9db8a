import type { MicroSecondsOption } from '@exchange/contract';
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { decimalsOf, percentOf } from '../lib/micro-input';

/** A fraction as a percent with every digit it has ("0.825" → 82.5%). */
export function usePercentText(): (fraction: string) => string {
  const format = useNumberFormat();
  return useCallback(
    (fraction: string) => {
      const percent = percentOf(fraction);
      return format.percent(percent, { decimals: decimalsOf(percent) });
    },
    [format],
  );
}

/** An option as "30 s · 80%". */
export function useOptionText(): (option: MicroSecondsOption) => string {
  const { t } = useTranslation();
  const percent = usePercentText();
  return useCallback(
    (option: MicroSecondsOption) =>
      t('admin.micro.option', { seconds: option.seconds, profit: percent(option.profit_ratio) }),
    [t, percent],
  );
}
