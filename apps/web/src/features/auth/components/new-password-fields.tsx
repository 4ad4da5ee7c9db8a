import { Form, Input } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

interface Props {
  /** `register` or `forgot`: ids and test ids are `<prefix>-password` and `<prefix>-repassword`. */
  prefix: string;
  /** Label and placeholder keys of the first field (a new password, or the password). */
  labelKey: string;
  placeholderKey: string;
  password: string;
  onPassword: (value: string) => void;
  repassword: string;
  onRepassword: (value: string) => void;
}

/** A new password and its repetition (spec 1 §5: 6 to 16 letters or digits, both equal). */
export function NewPasswordFields(props: Props) {
  const { t } = useTranslation();
  const { prefix } = props;
  return (
    <>
      <Form.Item
        label={t(props.labelKey)}
        htmlFor={`${prefix}-password`}
        extra={t('auth.field.passwordRule')}
      >
        <Input.Password
          id={`${prefix}-password`}
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
          placeholder={t(props.placeholderKey)}
          autoComplete="new-password"
          maxLength={64}
          data-testid={`${prefix}-password`}
        />
      </Form.Item>
      <Form.Item label={t('auth.field.repassword')} htmlFor={`${prefix}-repassword`}>
        <Input.Password
          id={`${prefix}-repassword`}
          value={props.repassword}
          onChange={(e) => props.onRepassword(e.target.value)}
          placeholder={t('auth.field.repasswordPlaceholder')}
          autoComplete="new-password"
          maxLength={64}
          data-testid={`${prefix}-repassword`}
        />
      </Form.Item>
    </>
  );
}
