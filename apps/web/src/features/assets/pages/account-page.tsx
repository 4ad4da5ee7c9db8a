import {
  ACCOUNT_ROUTES,
  ACCOUNT_TYPES,
  type AccountGroup,
  type AccountTypeId,
  type AssetAccount,
} from '@exchange/contract';
import { SearchOutlined } from '@ant-design/icons';
import { Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useAccountList } from '../api/account-list';
import { AccountTable } from '../components/account-table';
import { ChargeDrawer } from '../components/charge-drawer';
import { ConvertPanel } from '../components/convert-panel';
import styles from '../components/panel.module.css';
import { EarnIntro } from '../components/earn-intro';
import { MicroIntro } from '../components/micro-intro';
import { EmptyBlock } from '../components/query-states';
import { QueryView } from '../components/query-view';
import { filterAccounts } from '../lib/currencies';

/**
 * An account list (spec 2 §2): trade, lever, second, legal or financial account. Total USD value,
 * a link to its records, one row per currency; the second account adds conversion to USDT.
 */
export function AccountPage({ type }: { type: AccountTypeId }) {
  const { t } = useTranslation();
  const accounts = useAccountList();
  const title = t(`assets.menu.${ACCOUNT_ROUTES[type]}`);
  return (
    <div className={styles.stack} data-testid={`account-page-${ACCOUNT_ROUTES[type]}`}>
      <QueryView query={accounts} rows={8} testId="accounts">
        {(groups) => {
          const group = groups.find((g) => g.account_type_id === type);
          if (!group) {
            return (
              <section className={styles.panel}>
                <h2 className={styles.title}>{title}</h2>
                <EmptyBlock text={t('assets.account.unavailable')} />
              </section>
            );
          }
          return <AccountView key={type} title={title} group={group} groups={groups} />;
        }}
      </QueryView>
    </div>
  );
}

function AccountView({
  title,
  group,
  groups,
}: {
  title: string;
  group: AccountGroup;
  groups: AccountGroup[];
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const [charging, setCharging] = useState<AssetAccount | null>(null);
  const rows = filterAccounts(group.accounts, { search, hideZero });
  const isSecond = group.account_type_id === ACCOUNT_TYPES.micro;
  const isFinancial = group.account_type_id === ACCOUNT_TYPES.financial;

  return (
    <>
      <section className={styles.panel} aria-label={title}>
        <div className={styles.head}>
          <h2 className={styles.title}>{title}</h2>
          <span style={{ display: 'inline-flex', gap: 16, flexWrap: 'wrap' }}>
            {isSecond && (
              <Link to="/white" data-testid="buy-with-card">
                {t('assets.account.buyWithCard')}
              </Link>
            )}
            <Link
              to={`/assets/dealRecords?types=${encodeURIComponent(group.account_code)}`}
              data-testid="account-records"
            >
              {t('assets.account.records')}
            </Link>
          </span>
        </div>
        <div className={styles.totalLabel}>{t('assets.account.total')}</div>
        <div className={styles.total} data-testid="account-total">
          ≈ ${format.decimal(group.convert_usd, 2)}
        </div>
        {isSecond && <MicroIntro />}
        {isFinancial && <EarnIntro />}
      </section>
      {isSecond && <ConvertPanel groups={groups} />}
      <section className={styles.panel}>
        <div className={styles.toolbar}>
          <Input
            className={styles.search}
            prefix={<SearchOutlined />}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('assets.account.search')}
            aria-label={t('assets.account.search')}
            allowClear
            data-testid="account-search"
          />
          <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', fontSize: 13 }}>
            <Switch
              size="small"
              checked={hideZero}
              onChange={setHideZero}
              data-testid="account-hide-zero"
            />
            {t('assets.account.hideZero')}
          </label>
        </div>
        <AccountTable group={group} rows={rows} onCharge={setCharging} />
      </section>
      <ChargeDrawer account={charging} onClose={() => setCharging(null)} />
    </>
  );
}
