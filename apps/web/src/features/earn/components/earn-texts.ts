import type { EarnProduct } from '@exchange/contract';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { decimalsOf, ratePercent, type ProductState } from '../lib/earn-form';

/** The annual rate of a product as a percent, every decimal kept ("8.5%", "8,5 %" in French). */
export function useRateText() {
  const format = useNumberFormat();
  return (rate: string) => {
    const pct = ratePercent(rate);
    return format.percent(pct, { decimals: decimalsOf(pct) });
  };
}

/** What a product's state says on its tag and its button (the date a product opens on). */
export function useStateText() {
  const { t } = useTranslation();
  return (state: ProductState, product: Pick<EarnProduct, 'sale_start'>) =>
    t(`financial.state.${state}`, {
      date: product.sale_start === null ? '' : formatDateTime(product.sale_start),
    });
}
