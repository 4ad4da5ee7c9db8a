import type { AccountGroup, AssetAccount } from '@exchange/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { rowActions } from '../lib/currencies';
import { CoinCell } from './coin-cell';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import styles from './panel.module.css';

interface Props {
  group: AccountGroup;
  rows: readonly AssetAccount[];
  onCharge: (account: AssetAccount) => void;
}

/** One row per currency: available, locked, USD value, and charge and withdraw (spec 2 §2). */
export function AccountTable({ group, rows, onCharge }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const navigate = useNavigate();
  const withActions = group.is_recharge === 1;

  const columns: TableColumn<AssetAccount>[] = [
    {
      key: 'currency',
      title: t('assets.account.currency'),
      render: (a) => (
        <CoinCell code={a.currency_code} name={a.currency.name} logo={a.currency.logo} />
      ),
    },
    {
      key: 'available',
      title: t('assets.account.available'),
      align: 'right',
      render: (a) => (
        <span data-testid={`available-${a.currency_code}`}>
          {format.amount(a.balance, a.currency.decimals)}
        </span>
      ),
    },
    {
      key: 'locked',
      title: t('assets.account.locked'),
      align: 'right',
      render: (a) => (
        <span data-testid={`locked-${a.currency_code}`}>
          {format.amount(a.lock_balance, a.currency.decimals)}
        </span>
      ),
    },
    {
      key: 'usd',
      title: t('assets.account.usdValue'),
      align: 'right',
      render: (a) => <span className="text-secondary">≈ ${format.decimal(a.convert_usd, 2)}</span>,
    },
  ];

  if (withActions) {
    columns.push({
      key: 'actions',
      title: t('assets.account.actions'),
      align: 'right',
      card: 'foot',
      render: (a) => {
        const actions = rowActions(group, a);
        return (
          <span className={styles.actions}>
            <Tooltip title={actions.charge ? undefined : t('assets.account.chargeClosed')}>
              <Button
                size="small"
                type="link"
                disabled={!actions.charge}
                onClick={() => onCharge(a)}
                data-testid={`charge-${a.currency_code}`}
              >
                {t('assets.account.charge')}
              </Button>
            </Tooltip>
            <Tooltip title={actions.withdraw ? undefined : t('assets.account.withdrawClosed')}>
              <Button
                size="small"
                type="link"
                disabled={!actions.withdraw}
                onClick={() =>
                  void navigate(`/assets/withdraw?currency_id=${String(a.currency_id)}`)
                }
                data-testid={`withdraw-${a.currency_code}`}
              >
                {t('assets.account.withdraw')}
              </Button>
            </Tooltip>
          </span>
        );
      },
    });
  }

  return (
    <Table
      layout="cards"
      label={t('assets.table.accounts')}
      columns={columns}
      rows={rows}
      rowKey={(a) => a.currency_id}
      empty={t('assets.account.empty')}
      testId="account-table"
      rowProps={() => ({ 'data-testid': 'account-row' })}
      minWidth={withActions ? 640 : 520}
    />
  );
}
