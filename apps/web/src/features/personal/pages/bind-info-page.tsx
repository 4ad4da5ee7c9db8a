import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserInfo } from '../../../shared/api/user-info';
import { LinkButton } from '../../../shared/ui/link-button';
import { ErrorBlock, LoadingBlock } from '../components/load-state';
import styles from '../components/form-page.module.css';

/** /bindInfo: the phone and e-mail bound to the account, with the way to bind or change an e-mail. */
export function BindInfoPage() {
  const { t } = useTranslation();
  const user = useUserInfo();

  let body: ReactNode;
  if (user.isError) {
    body = (
      <ErrorBlock
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
        testId="bind-info-error"
      />
    );
  } else if (!user.data) {
    body = <LoadingBlock rows={3} testId="bind-info-loading" />;
  } else {
    const u = user.data;
    const notBound = <span className={styles.muted}>{t('personal.settings.notBound')}</span>;
    const phone = u.mobile && (u.country_code ? `+${u.country_code} ${u.mobile}` : u.mobile);
    body = (
      <ul className={styles.lines}>
        <li className={styles.line} data-testid="bind-info-phone">
          <span className={styles.lineLabel}>{t('personal.settings.phone')}</span>
          <span className={styles.lineValue}>{phone || notBound}</span>
        </li>
        <li className={styles.line} data-testid="bind-info-email">
          <span className={styles.lineLabel}>{t('personal.settings.email')}</span>
          <span className={styles.lineValue}>
            {u.email ? (
              <>
                {u.email}
                <LinkButton to="/bindAccount" size="small" data-testid="bind-info-change-email">
                  {t('personal.bindEmail.change')}
                </LinkButton>
              </>
            ) : (
              <>
                {notBound}
                <LinkButton
                  to="/bindAccount"
                  size="small"
                  type="primary"
                  data-testid="bind-info-bind-email"
                >
                  {t('personal.settings.bind')}
                </LinkButton>
              </>
            )}
          </span>
        </li>
      </ul>
    );
  }

  return (
    <div className={styles.page} data-testid="bind-info-page">
      <Card className={styles.card}>
        <Link to="/personal/accountSettings" className={styles.back} data-testid="back-to-settings">
          <ArrowLeftOutlined />
          {t('personal.backToSettings')}
        </Link>
        <h1 className={styles.title}>{t('personal.bindInfo.title')}</h1>
        <p className={styles.subtitle}>{t('personal.bindInfo.intro')}</p>
        {body}
      </Card>
    </div>
  );
}
