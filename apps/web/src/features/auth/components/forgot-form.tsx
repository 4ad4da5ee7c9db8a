import { CODE_TYPE } from '@exchange/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link, useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useForgetPassword } from '../api/forget-password';
import { useCodeSender } from '../../../shared/ui/use-code-sender';
import { checkForgotEmail, validateForgot } from '../lib/validate';
import { NewPasswordFields } from '../../../shared/ui/password-field';
import { SendCodeField } from '../../../shared/ui/send-code-field';

/** Forgot password (spec 3 screen 8, §5): e-mail only, code of type 2, new password twice. */
export function ForgotForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const sender = useCodeSender();
  const reset = useForgetPassword();

  function editEmail(value: string) {
    setEmail(value);
    sender.reset();
  }

  function sendCode() {
    sender.send({ channel: 'email', to: email, type: CODE_TYPE.forgot }, () =>
      checkForgotEmail(email),
    );
  }

  async function submit() {
    if (reset.isPending) return;
    const error = validateForgot({ email, code, password, repassword });
    if (error) return toastError(t(error));
    try {
      await reset.mutateAsync({
        type: 'email',
        account: email.trim(),
        auth_code: code.trim(),
        new_password: password.trim(),
        secondary_password: repassword.trim(),
      });
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('auth.forgot.success'));
    void navigate('/login');
  }

  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
      <Form.Item label={t('auth.field.email')} htmlFor="forgot-account">
        <Input
          id="forgot-account"
          value={email}
          onChange={(e) => editEmail(e.target.value)}
          placeholder={t('auth.field.emailPlaceholder')}
          inputMode="email"
          autoComplete="username"
          maxLength={100}
          data-testid="forgot-account"
        />
      </Form.Item>
      <SendCodeField
        prefix="forgot"
        value={code}
        onChange={setCode}
        onSend={sendCode}
        sender={sender}
      />
      <NewPasswordFields
        prefix="forgot"
        label={t('auth.field.newPassword')}
        placeholder={t('auth.field.newPasswordPlaceholder')}
        password={password}
        onPassword={setPassword}
        repassword={repassword}
        onRepassword={setRepassword}
      />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={reset.isPending}
        data-testid="forgot-submit"
      >
        {t('auth.forgot.submit')}
      </Button>
      <p style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </Form>
  );
}
