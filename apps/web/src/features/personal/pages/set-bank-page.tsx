import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useBankInfo } from '../../../shared/api/bank-info';
import { BankForm } from '../components/bank-form';
import styles from '../components/collection.module.css';
import { ErrorBlock, LoadingBlock } from '../components/load-state';
import panel from '../components/panel.module.css';

/** /personal/setBank (spec 3 screen 8): the bank account for withdrawals, loaded and saved. */
export function SetBankPage() {
  const { t } = useTranslation();
  const info = useBankInfo();

  let body;
  if (info.isError && info.data === undefined) {
    body = (
      <ErrorBlock
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
        testId="bank-error"
      />
    );
  } else if (info.data === undefined) {
    body = <LoadingBlock rows={4} testId="bank-loading" />;
  } else {
    const saved = info.data;
    body = (
      <div className={styles.methodPanel}>
        <div className={styles.methodHead}>
          <h2 className={styles.methodTitle}>{t('payee.bank.account')}</h2>
          <span className={styles.savedAt} data-testid="bank-saved-at">
            {saved
              ? t('payee.savedAt', { time: formatDateTime(saved.updated_at) })
              : t('payee.notSet')}
          </span>
        </div>
        <BankForm key={saved?.updated_at ?? 0} saved={saved} />
      </div>
    );
  }

  return (
    <section className={panel.panel} data-testid="bank-page">
      <div className={panel.head}>
        <h1 className={panel.title}>{t('payee.bank.title')}</h1>
      </div>
      <p className={styles.intro}>{t('payee.bank.intro')}</p>
      {body}
    </section>
  );
}
