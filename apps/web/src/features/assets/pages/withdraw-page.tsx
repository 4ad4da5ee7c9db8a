import { useTranslation } from '../../../shared/i18n/translation';
import { Link, useSearchParams } from 'react-router';
import { useAccountList } from '../api/account-list';
import { useAddressList } from '../api/address-list';
import { useCheckPaypass } from '../../../shared/api/user-info';
import styles from '../components/panel.module.css';
import { QueryView } from '../components/query-view';
import { WithdrawForm } from '../components/withdraw-form';
import { queryId } from '../lib/query-id';

/** /assets/withdraw, optionally ?currency_id= from an account row. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const accounts = useAccountList();
  const addresses = useAddressList();
  const paypass = useCheckPaypass();

  return (
    <section className={styles.panel} data-testid="withdraw-page">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('assets.menu.withdraw')}</h2>
        <span className={styles.headLinks}>
          <Link to="/assets/withdrawLog" data-testid="withdraw-log-link">
            {t('assets.withdraw.records')}
          </Link>
          <Link to="/withdraw" data-testid="withdraw-vnd-link">
            {t('recharge.withdrawVnd')}
          </Link>
        </span>
      </div>
      <QueryView query={accounts} rows={8} testId="withdraw">
        {(groups) => (
          <QueryView query={addresses} rows={6} testId="withdraw-addresses">
            {(list) => (
              <WithdrawForm
                key={search.get('currency_id') ?? ''}
                groups={groups}
                addresses={list}
                hasPayPassword={paypass.data?.has_pay_password ?? true}
                initialCurrencyId={queryId(search.get('currency_id'))}
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </section>
  );
}
