import { Alert, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { DEPOSIT_RECORDS_HREF } from '../../../shared/ui/hrefs';
import { toastWarning } from '../../../shared/ui/toast';
import { useWallets } from '../api/wallet';
import { DepositAddress } from '../components/deposit-address';
import { DepositReportForm } from '../components/deposit-report-form';
import { QueryView } from '../components/query-view';
import styles from '../components/recharge.module.css';
import { parseChannelParam, type CryptoChannel } from '../lib/deposit-channel';

/** Back to the channel list, saying why (a link with a channel that cannot be used). */
function BackToChannels({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    // Keyed: shown once however often the effect runs.
    toastWarning(t(reason), 'recharge-channel');
    void navigate('/recharge', { replace: true });
  }, [navigate, reason, t]);
  return null;
}

/**
 * /rechargeOpen?channel=<JSON> (spec 3 screen 12): a crypto deposit on the chosen chain — the
 * user's own address with copy and a QR code, then the deposit report (amount, sender, transfer
 * screenshot). The query names the currency and chain; the address is read from the server.
 */
export function RechargeOpenPage() {
  const [search] = useSearchParams();
  const channel = parseChannelParam(search.get('channel'));
  if (channel === null) return <BackToChannels reason="recharge.open.badChannel" />;
  return (
    <ChannelDeposit
      key={`${String(channel.currency_id)}-${String(channel.currency_protocol_id)}`}
      channel={channel}
    />
  );
}

function ChannelDeposit({ channel }: { channel: CryptoChannel }) {
  const { t } = useTranslation();
  const wallets = useWallets(channel.currency_id);
  const [reported, setReported] = useState(false);
  const currency = { id: channel.currency_id, code: channel.currency_code };
  const names = { coin: channel.currency_code, chain: channel.chain };

  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="recharge-open-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('recharge.open.title', names)}</h1>
          <p className={styles.subtitle}>{t('recharge.open.subtitle', names)}</p>
        </div>
        <nav className={styles.links} aria-label={t('recharge.open.title', names)}>
          <Link to="/recharge" data-testid="recharge-back">
            {t('recharge.open.back')}
          </Link>
          <Link to={DEPOSIT_RECORDS_HREF} data-testid="recharge-open-records">
            {t('recharge.records')}
          </Link>
        </nav>
      </header>
      <section className={styles.panel}>
        <QueryView query={wallets} rows={8} testId="recharge-wallet">
          {(list) => {
            const wallet = list.find(
              (w) => w.currency_protocol_id === channel.currency_protocol_id,
            );
            if (!wallet) return <BackToChannels reason="recharge.open.unknownChannel" />;
            const ready = wallet.source !== 'none' && wallet.address !== '';
            return (
              <div className={styles.split}>
                <div className={styles.column}>
                  <h2 className={styles.columnTitle}>{t('recharge.open.address')}</h2>
                  <div className={styles.chainLine}>
                    {t('recharge.open.chain')}
                    <Tag data-testid="recharge-open-chain">{wallet.chain_protocol.code}</Tag>
                  </div>
                  <DepositAddress currency={currency} wallet={wallet} qrOpen />
                </div>
                {ready && (
                  <div className={styles.column}>
                    <h2 className={styles.columnTitle}>{t('assets.deposit.title')}</h2>
                    <p className={styles.columnText}>{t('recharge.open.reportText')}</p>
                    {reported && (
                      <Alert
                        type="success"
                        showIcon
                        title={t('recharge.open.reported')}
                        description={
                          <Link to={DEPOSIT_RECORDS_HREF} data-testid="recharge-open-reported-link">
                            {t('recharge.open.recordsLink')}
                          </Link>
                        }
                        data-testid="recharge-open-reported"
                      />
                    )}
                    <DepositReportForm
                      currency={currency}
                      wallet={wallet}
                      onReported={() => setReported(true)}
                    />
                  </div>
                )}
              </div>
            );
          }}
        </QueryView>
      </section>
    </div>
  );
}
