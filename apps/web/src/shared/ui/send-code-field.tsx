import { Button, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';

interface Props {
  /** `login`, `register`, `forgot`, …: ids and test ids are `<prefix>-code` and `<prefix>-send-code`. */
  prefix: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  sender: { remaining: number; sending: boolean };
  /** A line under the field, e.g. where the code is sent. */
  extra?: ReactNode;
  /** The field's label when not the usual "Verification code" (a second code on one form). */
  label?: ReactNode;
}

/** The labelled verification-code input with its send button, which shows the resend countdown. */
export function SendCodeField({ prefix, value, onChange, onSend, sender, extra, label }: Props) {
  const { t } = useTranslation();
  const counting = sender.remaining > 0;
  return (
    <Form.Item label={label ?? t('auth.field.code')} htmlFor={`${prefix}-code`} extra={extra}>
      <Space.Compact block>
        <Input
          id={`${prefix}-code`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t('auth.field.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={16}
          data-testid={`${prefix}-code`}
        />
        <Button
          onClick={onSend}
          loading={sender.sending}
          disabled={counting}
          aria-live="polite"
          data-testid={`${prefix}-send-code`}
          style={{ minWidth: 128 }}
        >
          {counting ? t('auth.code.resendIn', { seconds: sender.remaining }) : t('auth.code.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
