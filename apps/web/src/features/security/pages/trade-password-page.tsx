import { CheckCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useCheckPaypass, useUserInfo } from '../../../shared/api/user-info';
import { TradePasswordForm } from '../components/trade-password-form';
import styles from './trade-password-page.module.css';

/** /tradePassword (spec 3 screen 9): whether a trade password is set, and the form to set it. */
export function TradePasswordPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const paypass = useCheckPaypass();

  if (user.isError || paypass.isError) {
    return (
      <div className={styles.state} data-testid="paypass-error">
        <Result
          status="error"
          title={t('security.tradePassword.loadError')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                if (user.isError) void user.refetch();
                if (paypass.isError) void paypass.refetch();
              }}
            >
              {t('security.tradePassword.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!user.data || !paypass.data) {
    return (
      <div className={styles.state} data-testid="paypass-loading">
        <Spin size="large" />
      </div>
    );
  }

  const hasOld = paypass.data.has_pay_password;
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>
          {t(hasOld ? 'security.tradePassword.titleChange' : 'security.tradePassword.titleSet')}
        </h1>
        <p className={styles.subtitle}>{t('security.tradePassword.intro')}</p>
        <div
          className={`${styles.status} ${hasOld ? styles.statusSet : ''}`}
          data-testid="paypass-status"
          data-state={hasOld ? 'set' : 'unset'}
        >
          {hasOld ? <CheckCircleFilled /> : <InfoCircleFilled />}
          <span>
            {t(hasOld ? 'security.tradePassword.isSet' : 'security.tradePassword.notSet')}
          </span>
        </div>
        {/* The form starts empty again once the state changes (set → change). */}
        <TradePasswordForm key={String(hasOld)} user={user.data} hasOld={hasOld} />
      </Card>
    </div>
  );
}
