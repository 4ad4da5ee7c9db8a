import { Button, Input, Space } from 'antd';
import { cleanDecimalInput } from '../format/number';
import { useTranslation } from '../i18n/translation';

/** The ledger keeps 18 decimals: an amount box accepts as many unless told fewer. */
export const AMOUNT_INPUT_DECIMALS = 18;

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
  /** Decimals the box accepts; further digits are cut as they are typed. */
  decimals?: number;
  /** Marks the box as wrong (its message is the form item's). */
  invalid?: boolean;
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
  decimals = AMOUNT_INPUT_DECIMALS,
  invalid,
}: Props) {
  const { t } = useTranslation();
  const input = (
    <Input
      id={id}
      value={value}
      onChange={(e) => onChange(cleanDecimalInput(e.target.value, decimals))}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      suffix={code}
      maxLength={40}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
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
