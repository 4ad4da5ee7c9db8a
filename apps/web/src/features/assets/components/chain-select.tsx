import type { CurrencyProtocol } from '@exchange/contract';
import { Form, Segmented } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

interface Props {
  protocols: readonly CurrencyProtocol[];
  value: number | undefined;
  onChange: (protocolId: number) => void;
  testId: string;
}

/** The chain of a currency, shown only when it has several (spec 2 §2). */
export function ChainSelect({ protocols, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  if (protocols.length < 2) return null;
  return (
    <Form.Item label={t('assets.form.chain')}>
      <Segmented<number>
        value={value}
        onChange={onChange}
        options={protocols.map((p) => ({
          value: p.id,
          label: (
            <span data-testid={`${testId}-${p.chain_protocol.code}`}>{p.chain_protocol.code}</span>
          ),
        }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
