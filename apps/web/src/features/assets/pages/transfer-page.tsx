import { useTranslation } from '../../../shared/i18n/translation';
import { useSearchParams } from 'react-router';
import { useAccountList } from '../api/account-list';
import styles from '../components/panel.module.css';
import { QueryView } from '../components/query-view';
import { TransferForm } from '../components/transfer-form';
import { queryId } from '../lib/query-id';

/** /assets/transfer, optionally ?currency_id=. */
export function TransferPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const accounts = useAccountList();
  return (
    <section className={styles.panel} data-testid="transfer-page">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('assets.menu.transfer')}</h2>
      </div>
      <QueryView query={accounts} rows={8} testId="transfer">
        {(groups) => (
          <TransferForm groups={groups} initialCurrencyId={queryId(search.get('currency_id'))} />
        )}
      </QueryView>
    </section>
  );
}
