import { ArrowLeftOutlined } from '@ant-design/icons';
import { CODE_TYPE } from '@exchange/contract';
import { Button, Card, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { SendCodeField } from '../../../shared/ui/send-code-field';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useCodeSender } from '../../../shared/ui/use-code-sender';
import { sendBindCode, useBindEmail } from '../api/bind-email';
import { useUserInfo } from '../api/user-info';
import { checkBindEmail, validateBindEmail } from '../lib/validate';
import styles from '../components/form-page.module.css';

/** The documents limit the address to 20 characters (the code field takes 16). */
const EMAIL_MAX = 20;

/** /bindAccount (spec 3 screen 8): bind an e-mail address with a code sent to it. */
export function BindAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const sender = useCodeSender(sendBindCode);
  const bind = useBindEmail();

  function sendCode() {
    sender.send({ channel: 'email', to: email.trim(), type: CODE_TYPE.bindEmail }, () =>
      checkBindEmail(email),
    );
  }

  async function submit() {
    if (bind.isPending) return;
    const error = validateBindEmail({ email, code });
    if (error) return toastError(t(error));
    try {
      const answer = await bind.mutateAsync({ email: email.trim(), code: code.trim() });
      if (answer.type !== 'ok') return;
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('personal.bindEmail.done'));
    void navigate('/personal/accountSettings', { replace: true });
  }

  const bound = user.data?.email;
  return (
    <div className={styles.page} data-testid="bind-account-page">
      <Card className={styles.card}>
        <Link to="/personal/accountSettings" className={styles.back} data-testid="back-to-settings">
          <ArrowLeftOutlined />
          {t('personal.backToSettings')}
        </Link>
        <h1 className={styles.title}>{t('personal.bindEmail.title')}</h1>
        <p className={styles.subtitle}>{t('personal.bindEmail.intro')}</p>
        {user.isPending ? (
          <div className={styles.state}>
            <Spin />
          </div>
        ) : bound ? (
          <p data-testid="bind-email-bound">{t('personal.bindEmail.already', { email: bound })}</p>
        ) : (
          <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
            <Form.Item label={t('personal.bindEmail.email')} htmlFor="bind-email">
              <Input
                id="bind-email"
                type="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  sender.reset();
                }}
                placeholder={t('personal.bindEmail.emailPlaceholder')}
                autoComplete="email"
                maxLength={EMAIL_MAX}
                data-testid="bind-email"
              />
            </Form.Item>
            <SendCodeField
              prefix="bind"
              value={code}
              onChange={setCode}
              onSend={sendCode}
              sender={sender}
            />
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={bind.isPending}
              data-testid="bind-submit"
            >
              {t('personal.bindEmail.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
