import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';

interface PasswordFieldProps {
  /** The input's id, which the label points at, and its test id. */
  id: string;
  label: ReactNode;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * `current-password` (a login password the user proves), `new-password` (one being chosen), or
   * `off` (a trade password: no browser should offer to fill it in).
   */
  autoComplete: 'current-password' | 'new-password' | 'off';
  /** A line under the field (a rule, or why it is asked for). */
  extra?: ReactNode;
}

/** A labelled password input of a vertical form (a login or trade password, at most 64 chars). */
export function PasswordField(props: PasswordFieldProps) {
  const { id } = props;
  return (
    <Form.Item label={props.label} htmlFor={id} extra={props.extra}>
      <Input.Password
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={64}
        data-testid={id}
      />
    </Form.Item>
  );
}

interface NewPasswordFieldsProps {
  /** Ids and test ids `<prefix>-password` and `<prefix>-repassword` (`register`, `reset`, …). */
  prefix: string;
  /** Label and placeholder of the first field (a new password, or the password). */
  label: ReactNode;
  placeholder: string;
  /** Label and placeholder of the repetition; the sign-up form's wording by default. */
  repeatLabel?: ReactNode;
  repeatPlaceholder?: string;
  password: string;
  onPassword: (value: string) => void;
  repassword: string;
  onRepassword: (value: string) => void;
}

/**
 * A new password and its repetition (spec 1 §5: 6 to 16 letters or digits, both equal), the rule
 * under the first field.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const { prefix } = props;
  return (
    <>
      <PasswordField
        id={`${prefix}-password`}
        label={props.label}
        placeholder={props.placeholder}
        value={props.password}
        onChange={props.onPassword}
        autoComplete="new-password"
        extra={t('auth.field.passwordRule')}
      />
      <PasswordField
        id={`${prefix}-repassword`}
        label={props.repeatLabel ?? t('auth.field.repassword')}
        placeholder={props.repeatPlaceholder ?? t('auth.field.repasswordPlaceholder')}
        value={props.repassword}
        onChange={props.onRepassword}
        autoComplete="new-password"
      />
    </>
  );
}

interface PasswordChangeFieldsProps {
  /** Ids and test ids `<prefix>-old`, `<prefix>-password` and `<prefix>-repassword`. */
  prefix: string;
  /** The group of the texts: `<texts>.old`, `.new`, `.repeat`, each with its `…Placeholder`. */
  texts: 'personal.resetPassword' | 'security.tradePassword';
  /** The password set now, which proves the change; null where none is set yet. */
  old: {
    value: string;
    onChange: (value: string) => void;
    autoComplete: 'current-password' | 'off';
  } | null;
  password: string;
  onPassword: (value: string) => void;
  repassword: string;
  onRepassword: (value: string) => void;
}

/** Changing a password: the one set now (if any), then the new one twice. */
export function PasswordChangeFields(props: PasswordChangeFieldsProps) {
  const { t } = useTranslation();
  const { prefix, texts, old } = props;
  return (
    <>
      {old && (
        <PasswordField
          id={`${prefix}-old`}
          label={t(`${texts}.old`)}
          placeholder={t(`${texts}.oldPlaceholder`)}
          value={old.value}
          onChange={old.onChange}
          autoComplete={old.autoComplete}
        />
      )}
      <NewPasswordFields
        prefix={prefix}
        label={t(`${texts}.new`)}
        placeholder={t(`${texts}.newPlaceholder`)}
        repeatLabel={t(`${texts}.repeat`)}
        repeatPlaceholder={t(`${texts}.repeatPlaceholder`)}
        password={props.password}
        onPassword={props.onPassword}
        repassword={props.repassword}
        onRepassword={props.onRepassword}
      />
    </>
  );
}
