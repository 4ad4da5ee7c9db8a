import { ACCOUNT_CODES, ACCOUNT_TYPE_IDS, type AccountTypeId } from '@exchange/contract';
import { Select, Tabs } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSearchParams } from 'react-router';
import { useAccountList } from '../api/account-list';
import { AccountLogTable } from '../components/account-log-table';
import type { CurrencyOption } from '../components/currency-filter';
import { DepositRecords } from '../components/deposit-records';
import styles from '../components/panel.module.css';
import { accountLabelKey, accountTypeOfCode } from '../lib/menu';

type View = 'movements' | 'deposits';

/**
 * /assets/dealRecords?types=<account code>: the movements of an account, and the deposit records
 * (spec 2 §2) under a second tab (?tab=deposits).
 */
export function DealRecordsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const accountType = accountTypeOfCode(search.get('types'));
  const view: View = search.get('tab') === 'deposits' ? 'deposits' : 'movements';
  const accounts = useAccountList();

  // Every currency the user has rows of, once, in the list's order.
  const currencies = new Map<number, CurrencyOption>();
  for (const a of (accounts.data ?? []).flatMap((g) => g.accounts)) {
    if (!currencies.has(a.currency_id)) {
      currencies.set(a.currency_id, { id: a.currency_id, code: a.currency_code });
    }
  }
  const options = [...currencies.values()];

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };
  const label = (id: AccountTypeId) => t(accountLabelKey(id) ?? '');

  return (
    <section className={styles.panel} data-testid="deal-records-page">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('assets.menu.dealRecords')}</h2>
      </div>
      <Tabs
        activeKey={view}
        onChange={(key) => update({ tab: key === 'deposits' ? 'deposits' : null })}
        items={[
          {
            key: 'movements',
            label: <span data-testid="records-tab-movements">{t('assets.records.movements')}</span>,
          },
          {
            key: 'deposits',
            label: <span data-testid="records-tab-deposits">{t('assets.records.deposits')}</span>,
          },
        ]}
      />
      {view === 'movements' ? (
        <AccountLogTable
          types={ACCOUNT_CODES[accountType]}
          currencies={options}
          filters={
            <Select<AccountTypeId>
              value={accountType}
              onChange={(id) => update({ types: ACCOUNT_CODES[id] })}
              options={ACCOUNT_TYPE_IDS.map((id) => ({ value: id, label: label(id) }))}
              aria-label={t('assets.records.account')}
              style={{ minWidth: 170 }}
              data-testid="records-account"
            />
          }
        />
      ) : (
        <DepositRecords currencies={options} title={t('assets.records.deposits')} heading={false} />
      )}
    </section>
  );
}
