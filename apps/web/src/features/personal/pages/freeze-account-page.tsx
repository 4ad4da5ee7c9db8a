import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSession } from '../../../shared/store/session';
import { useFreezeAccount } from '../api/bind-email';
import styles from '../components/form-page.module.css';

/**
 * /freezeAccount?token=… : the link of a "your e-mail address was changed" notice. It asks before
 * it acts (mail scanners open links), then user/freeze ends every session, takes the new address
 * off and refuses sign-in and withdrawals until a password reset or support lifts the freeze.
 */
export function FreezeAccountPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  const freeze = useFreezeAccount();
  const [done, setDone] = useState(false);

  async function submit() {
    if (freeze.isPending || done) return;
    try {
      await freeze.mutateAsync(token);
    } catch {
      return; // The api client has said why.
    }
    setDone(true);
    // Whatever session this browser had has ended with the others.
    useSession.getState().clear();
  }

  let body;
  if (done) {
    body = (
      <div data-testid="freeze-done">
        <Alert type="success" showIcon message={t('personal.freeze.done')} />
        <p className={styles.subtitle} style={{ marginTop: 16 }}>
          {t('personal.freeze.next')}
        </p>
        <Link to="/forgetPassword" data-testid="freeze-reset-link">
          {t('personal.freeze.reset')}
        </Link>
      </div>
    );
  } else if (!token) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('personal.freeze.noToken')}
        data-testid="freeze-no-token"
      />
    );
  } else {
    body = (
      <>
        <ul className={styles.subtitle} data-testid="freeze-effects">
          <li>{t('personal.freeze.effectSessions')}</li>
          <li>{t('personal.freeze.effectAddress')}</li>
          <li>{t('personal.freeze.effectBlock')}</li>
        </ul>
        <Button
          type="primary"
          danger
          size="large"
          block
          loading={freeze.isPending}
          onClick={() => void submit()}
          data-testid="freeze-submit"
        >
          {t('personal.freeze.submit')}
        </Button>
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="freeze-account-page">
      <Card className={styles.card}>
        <h1 className={styles.title}>{t('personal.freeze.title')}</h1>
        <p className={styles.subtitle}>{t('personal.freeze.intro')}</p>
        {body}
      </Card>
    </div>
  );
}
