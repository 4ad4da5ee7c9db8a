import { Select } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

export interface CurrencyOption {
  id: number;
  code: string;
}

interface Props {
  currencies: readonly CurrencyOption[];
  value: number | undefined;
  onChange: (currencyId: number | undefined) => void;
  testId: string;
}

const ALL = 0;

/** All currencies or one (spec 2 §2, deposit records). */
export function CurrencyFilter({ currencies, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Select<number>
      value={value ?? ALL}
      onChange={(id) => onChange(id === ALL ? undefined : id)}
      options={[
        { value: ALL, label: t('assets.records.allCurrencies') },
        ...currencies.map((c) => ({ value: c.id, label: c.code })),
      ]}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 140 }}
      aria-label={t('assets.records.currency')}
      data-testid={testId}
    />
  );
}
