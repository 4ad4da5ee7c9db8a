import type { Area } from '@exchange/contract';
import { Select } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

interface Props {
  areas: Area[] | undefined;
  loading: boolean;
  value: number | undefined;
  onChange: (id: number) => void;
  testId: string;
}

/** Country or region with its calling code (default/area_list). */
export function AreaSelect({ areas, loading, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('auth.field.area')}
      loading={loading}
      value={value}
      onChange={onChange}
      options={(areas ?? []).map((a) => ({
        value: a.id,
        label: `+${a.global_code}`,
        search: `${a.name} +${a.global_code}`,
      }))}
      optionRender={(option) => {
        const area = areas?.find((a) => a.id === option.value);
        return area ? `${area.name} +${area.global_code}` : option.label;
      }}
      showSearch={{
        filterOption: (input, option) =>
          (option?.search ?? '').toLowerCase().includes(input.trim().toLowerCase()),
      }}
      popupMatchSelectWidth={240}
      notFoundContent={t('auth.field.areaEmpty')}
      style={{ width: 110, flex: 'none' }}
      data-testid={testId}
    />
  );
}
