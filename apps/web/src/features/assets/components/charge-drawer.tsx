import type { AssetAccount } from '@exchange/contract';
import { Drawer, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { useWallets } from '../api/wallet';
import styles from './charge.module.css';
import { DepositAddress } from './deposit-address';
import { DepositRecords } from './deposit-records';
import { DepositReportForm } from './deposit-report-form';
import { EmptyBlock } from './query-states';
import { QueryView } from './query-view';

/**
 * The charge panel of a currency (spec 2 §2): chain tabs when it has several wallets, the deposit
 * address, the deposit report and this currency's deposit records.
 */
export function ChargeDrawer({
  account,
  onClose,
}: {
  account: AssetAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY);
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      placement="right"
      size={narrow ? '100%' : 560}
      title={account ? t('assets.charge.title', { coin: account.currency_code }) : ''}
      destroyOnHidden
      data-testid="charge-drawer"
    >
      {account && <ChargeBody account={account} />}
    </Drawer>
  );
}

function ChargeBody({ account }: { account: AssetAccount }) {
  const { t } = useTranslation();
  const wallets = useWallets(account.currency_id);
  const [chosen, setChosen] = useState<number | null>(null);
  const currency = account.currency;

  return (
    <div className={styles.section}>
      <QueryView query={wallets} testId="wallets">
        {(list) => {
          const wallet = list.find((w) => w.currency_protocol_id === chosen) ?? list[0];
          if (!wallet) return <EmptyBlock text={t('assets.charge.noChain')} />;
          return (
            <>
              {list.length > 1 && (
                <Segmented<number>
                  block
                  value={wallet.currency_protocol_id}
                  onChange={setChosen}
                  options={list.map((w) => ({
                    value: w.currency_protocol_id,
                    label: (
                      <span data-testid={`chain-${w.chain_protocol.code}`}>
                        {w.chain_protocol.code}
                      </span>
                    ),
                  }))}
                  data-testid="chain-tabs"
                />
              )}
              <DepositAddress
                key={wallet.currency_protocol_id}
                currency={currency}
                wallet={wallet}
              />
              {wallet.source !== 'none' && wallet.address !== '' && (
                <>
                  <div className={styles.divider} />
                  <h3 style={{ margin: 0, fontSize: 15 }}>{t('assets.deposit.title')}</h3>
                  <DepositReportForm
                    key={`form-${String(wallet.currency_protocol_id)}`}
                    currency={currency}
                    wallet={wallet}
                  />
                </>
              )}
            </>
          );
        }}
      </QueryView>
      <div className={styles.divider} />
      <DepositRecords
        currencyId={account.currency_id}
        title={t('assets.records.depositsOf', { coin: account.currency_code })}
      />
    </div>
  );
}
