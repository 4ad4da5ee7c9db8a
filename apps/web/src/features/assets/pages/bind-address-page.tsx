import { useTranslation } from '../../../shared/i18n/translation';
import { useSearchParams } from 'react-router';
import { useAccountList } from '../api/account-list';
import { useAddressList } from '../api/address-list';
import { BindAddressForm } from '../components/bind-address-form';
import { BoundAddressList } from '../components/bound-address-list';
import styles from '../components/panel.module.css';
import { QueryView } from '../components/query-view';
import { queryId } from '../lib/query-id';

/** /assets/bindAddr: bind a withdrawal address with an e-mailed code; the bound ones below. */
export function BindAddressPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const accounts = useAccountList();
  const addresses = useAddressList();

  return (
    <div className={styles.stack} data-testid="bind-page">
      <section className={styles.panel}>
        <div className={styles.head}>
          <h2 className={styles.title}>{t('assets.menu.bindAddr')}</h2>
        </div>
        <QueryView query={accounts} rows={8} testId="bind">
          {(groups) => (
            <BindAddressForm
              groups={groups}
              initialCurrencyId={queryId(search.get('currency_id'))}
              initialProtocolId={queryId(search.get('currency_protocol_id'))}
            />
          )}
        </QueryView>
      </section>
      <section className={styles.panel} aria-label={t('assets.bind.listTitle')}>
        <div className={styles.head}>
          <h3 className={styles.subtitle}>{t('assets.bind.listTitle')}</h3>
        </div>
        <QueryView query={addresses} testId="bound">
          {(list) => <BoundAddressList addresses={list} />}
        </QueryView>
      </section>
    </div>
  );
}
