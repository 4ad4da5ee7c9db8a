import { Button, Input, Space } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { cleanDecimalInput } from '../../../shared/format/number';
import { AMOUNT_INPUT_DECIMALS } from '../lib/amounts';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The coin the amount is in, shown after the number. */
  code: string;
  placeholder: string;
  /** When given, an "all" button fills in this amount (the available balance). */
  all?: string;
  testId: string;
  disabled?: boolean;
}

/** A decimal amount box: digits and one point only, the coin after it, and an optional "all". */
export function AmountInput({
  id,
  value,
  onChange,
  code,
  placeholder,
  all,
  testId,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const input = (
    <Input
      id={id}
      value={value}
      onChange={(e) => onChange(cleanDecimalInput(e.target.value, AMOUNT_INPUT_DECIMALS))}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      suffix={code}
      maxLength={40}
      disabled={disabled}
      data-testid={testId}
    />
  );
  if (all === undefined) return input;
  return (
    <Space.Compact block>
      {input}
      <Button onClick={() => onChange(all)} disabled={disabled} data-testid={`${testId}-all`}>
        {t('assets.form.all')}
      </Button>
    </Space.Compact>
  );
}
