import { ArrowLeftOutlined } from '@ant-design/icons';
import { CODE_TYPE } from '@exchange/contract';
import { Alert, Button, Card, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { PasswordField } from '../../../shared/ui/password-field';
import { SendCodeField } from '../../../shared/ui/send-code-field';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useCodeSender } from '../../../shared/ui/use-code-sender';
import { sendBindCode, useBindEmail } from '../api/bind-email';
import { useUserInfo } from '../../../shared/api/user-info';
import { checkBindCodeRequest, validateBindEmail } from '../lib/validate';
import styles from '../components/form-page.module.css';

/** The documents limit the address to 20 characters (the code field takes 16). */
const EMAIL_MAX = 20;

/**
 * /bindAccount (spec 3 screen 8): bind an e-mail address with a code sent to it, or replace the
 * one bound. Either needs the login password (sms_mail sends nothing without it); replacing
 * also needs a code sent to the address bound now, which is then told of the change.
 */
export function BindAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [password, setPassword] = useState('');
  const sender = useCodeSender((input) => sendBindCode(input, password.trim(), 'new'));
  const oldSender = useCodeSender((input) => sendBindCode(input, password.trim(), 'old'));
  const bind = useBindEmail();
  const bound = user.data?.email ?? null;

  function sendCode(which: typeof sender) {
    which.send({ channel: 'email', to: email.trim(), type: CODE_TYPE.bindEmail }, () =>
      checkBindCodeRequest({ email, password }),
    );
  }

  async function submit() {
    if (bind.isPending) return;
    const error = validateBindEmail({ email, code, password, oldCode, hasOld: bound !== null });
    if (error) return toastError(t(error));
    try {
      const answer = await bind.mutateAsync({
        email: email.trim(),
        code: code.trim(),
        old_code: oldCode.trim(),
        password: password.trim(),
      });
      if (answer.type !== 'ok') return;
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t(bound ? 'personal.bindEmail.changed' : 'personal.bindEmail.done'));
    void navigate('/personal/accountSettings', { replace: true });
  }

  return (
    <div className={styles.page} data-testid="bind-account-page">
      <Card className={styles.card}>
        <Link to="/personal/accountSettings" className={styles.back} data-testid="back-to-settings">
          <ArrowLeftOutlined />
          {t('personal.backToSettings')}
        </Link>
        <h1 className={styles.title}>
          {t(bound ? 'personal.bindEmail.changeTitle' : 'personal.bindEmail.title')}
        </h1>
        <p className={styles.subtitle}>{t('personal.bindEmail.intro')}</p>
        {user.isPending ? (
          <div className={styles.state}>
            <Spin />
          </div>
        ) : (
          <>
            {bound && (
              <>
                <p data-testid="bind-email-bound">
                  {t('personal.bindEmail.already', { email: bound })}
                </p>
                <Alert
                  type="warning"
                  showIcon
                  message={t('personal.bindEmail.changeNotice')}
                  data-testid="bind-change-notice"
                  style={{ marginBottom: 16 }}
                />
              </>
            )}
            <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
              <Form.Item
                label={t(bound ? 'personal.bindEmail.newEmail' : 'personal.bindEmail.email')}
                htmlFor="bind-email"
              >
                <Input
                  id="bind-email"
                  type="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    sender.reset();
                    oldSender.reset();
                  }}
                  placeholder={t('personal.bindEmail.emailPlaceholder')}
                  autoComplete="email"
                  maxLength={EMAIL_MAX}
                  data-testid="bind-email"
                />
              </Form.Item>
              <PasswordField
                id="bind-password"
                label={t('personal.bindEmail.password')}
                placeholder={t('personal.bindEmail.passwordPlaceholder')}
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
                extra={t('personal.bindEmail.passwordExtra')}
              />
              <SendCodeField
                prefix="bind"
                value={code}
                onChange={setCode}
                onSend={() => sendCode(sender)}
                sender={sender}
                label={bound ? t('personal.bindEmail.newCode') : undefined}
              />
              {bound && (
                <SendCodeField
                  prefix="bind-old"
                  value={oldCode}
                  onChange={setOldCode}
                  onSend={() => sendCode(oldSender)}
                  sender={oldSender}
                  label={t('personal.bindEmail.oldCode')}
                  extra={t('personal.bindEmail.oldCodeExtra', { email: bound })}
                />
              )}
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                block
                loading={bind.isPending}
                data-testid="bind-submit"
              >
                {t(bound ? 'personal.bindEmail.change' : 'personal.bindEmail.submit')}
              </Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
