import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  remaining: number;
  sending: boolean;
  testId: string;
  sendTestId: string;
}

/** A verification-code input with its send button, which shows the resend countdown. */
export function SendCodeField(props: Props) {
  const { t } = useTranslation();
  const counting = props.remaining > 0;
  return (
    <Space.Compact block>
      <Input
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={t('auth.field.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        data-testid={props.testId}
      />
      <Button
        onClick={props.onSend}
        loading={props.sending}
        disabled={counting}
        aria-live="polite"
        data-testid={props.sendTestId}
        style={{ minWidth: 128 }}
      >
        {counting ? t('auth.code.resendIn', { seconds: props.remaining }) : t('auth.code.send')}
      </Button>
    </Space.Compact>
  );
}
