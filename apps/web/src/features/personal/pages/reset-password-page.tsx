import { ArrowLeftOutlined } from '@ant-design/icons';
import { AMEND_PASSWORD_REDIRECT_MS } from '@exchange/contract';
import { Button, Card, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSession } from '../../../shared/store/session';
import { PasswordChangeFields } from '../../../shared/ui/password-field';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useAmendPassword } from '../api/amend-password';
import { validatePasswordChange } from '../lib/validate';
import styles from '../components/form-page.module.css';

/** /resetPassword (spec 3 screen 7): change the login password; ?fromSet=1 from account settings. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const fromSet = search.get('fromSet') !== null;
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [done, setDone] = useState(false);
  const amend = useAmendPassword();
  const navigate = useNavigate();

  /**
   * The password changed and every session of the user ended, this one too: after a moment to
   * read the toast, login shows and this device forgets its session (spec 3 §7). Login is on
   * screen first (flushSync: not left pending while its page loads), or this page's session gate
   * would send the visitor to login with this page to come back to.
   */
  function signInAgain() {
    setTimeout(() => {
      void Promise.resolve(navigate('/login', { replace: true, flushSync: true })).then(() =>
        useSession.getState().clear(),
      );
    }, AMEND_PASSWORD_REDIRECT_MS);
  }

  async function submit() {
    if (amend.isPending || done) return;
    const error = validatePasswordChange({ old, password, repassword });
    if (error) return toastError(t(error));
    try {
      await amend.mutateAsync({
        old_password: old.trim(),
        new_password: password.trim(),
        secondary_password: repassword.trim(),
      });
    } catch {
      return; // The api client has said why.
    }
    setDone(true);
    toastSuccess(t('personal.resetPassword.changed'));
    signInAgain();
  }

  return (
    <div className={styles.page} data-testid="reset-password-page">
      <Card className={styles.card}>
        {fromSet && (
          <Link
            to="/personal/accountSettings"
            className={styles.back}
            data-testid="back-to-settings"
          >
            <ArrowLeftOutlined />
            {t('personal.backToSettings')}
          </Link>
        )}
        <h1 className={styles.title}>{t('personal.resetPassword.title')}</h1>
        <p className={styles.subtitle}>{t('personal.resetPassword.intro')}</p>
        <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <PasswordChangeFields
            prefix="reset"
            texts="personal.resetPassword"
            old={{ value: old, onChange: setOld, autoComplete: 'current-password' }}
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
            loading={amend.isPending}
            disabled={done}
            data-testid="reset-submit"
          >
            {t('personal.resetPassword.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
