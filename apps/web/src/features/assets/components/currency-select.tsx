import { Select } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

interface Props {
  id: string;
  options: readonly { id: number; code: string; name?: string }[];
  value: number | undefined;
  onChange: (currencyId: number) => void;
  testId: string;
}

/** One currency out of a list, searchable by code. */
export function CurrencySelect({ id, options, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('assets.form.currencyPlaceholder')}
      options={options.map((o) => ({ value: o.id, label: o.code }))}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid={testId}
    />
  );
}
