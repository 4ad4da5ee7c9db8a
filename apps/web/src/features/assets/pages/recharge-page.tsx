import { BankOutlined, ExportOutlined, RightOutlined } from '@ant-design/icons';
import type { DepositChannel } from '@exchange/contract';
import { Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatVnd } from '../../../shared/format/vnd';
import { useTranslation } from '../../../shared/i18n/translation';
import { DEPOSIT_RECORDS_HREF } from '../../../shared/ui/hrefs';
import { externalUrl } from '../../../shared/ui/external-url';
import { LinkButton } from '../../../shared/ui/link-button';
import { useQuickCharge } from '../api/quick-charge-info';
import { CoinCell } from '../components/coin-cell';
import { QueryView } from '../components/query-view';
import styles from '../components/recharge.module.css';
import { channelHref, isCryptoChannel, isVndChannel } from '../lib/deposit-channel';

/**
 * /recharge (spec 3 screen 11, the header's "Deposit"): the ways to fund the account — the VND
 * bank transfer, each coin on each chain (its own deposit address on the next page), and outside
 * exchanges to buy crypto at (a new tab). Signed-in users only.
 */
export function RechargePage() {
  const { t } = useTranslation();
  const info = useQuickCharge();
  return (
    <div className={styles.page} data-testid="recharge-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('recharge.title')}</h1>
          <p className={styles.subtitle}>{t('recharge.subtitle')}</p>
        </div>
        <nav className={styles.links} aria-label={t('recharge.title')}>
          <Link to={DEPOSIT_RECORDS_HREF} data-testid="recharge-records-link">
            {t('recharge.records')}
          </Link>
          <Link to="/withdraw" data-testid="recharge-withdraw-link">
            {t('recharge.withdrawVnd')}
          </Link>
        </nav>
      </header>
      <QueryView query={info} rows={8} testId="recharge">
        {({ channels, links }) => {
          const vnd = channels.find(isVndChannel);
          const crypto = channels.filter(isCryptoChannel);
          const outside = links.flatMap((l) => {
            const url = externalUrl(l.url);
            return url ? [{ name: l.name, url }] : [];
          });
          if (channels.length === 0 && outside.length === 0) {
            return (
              <div className={styles.state}>
                <Empty description={t('recharge.empty')} data-testid="recharge-empty" />
              </div>
            );
          }
          return (
            <>
              {vnd && <VndCard channel={vnd} />}
              {crypto.length > 0 && (
                <section className={styles.section} aria-labelledby="recharge-crypto">
                  <h2 id="recharge-crypto" className={styles.sectionTitle}>
                    {t('recharge.crypto')}
                  </h2>
                  <p className={styles.sectionText}>{t('recharge.cryptoText')}</p>
                  <ul className={styles.grid} data-testid="recharge-channels">
                    {crypto.map((channel) => (
                      <li
                        key={`${String(channel.currency_id)}-${String(channel.currency_protocol_id)}`}
                      >
                        <ChannelCard channel={channel} />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {outside.length > 0 && (
                <section className={styles.section} aria-labelledby="recharge-outside">
                  <h2 id="recharge-outside" className={styles.sectionTitle}>
                    {t('recharge.outside.title')}
                  </h2>
                  <p className={styles.sectionText}>{t('recharge.outside.text')}</p>
                  <ul className={styles.outside} data-testid="recharge-links">
                    {outside.map((link) => (
                      <li key={link.url}>
                        <a
                          className={styles.outsideLink}
                          href={link.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          data-testid="recharge-link"
                        >
                          {link.name}
                          <ExportOutlined
                            className={styles.outsideIcon}
                            aria-label={t('recharge.outside.newTab')}
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

/** A coin on a chain: its logo, code, chain and USD price; it leads to its deposit detail. */
function ChannelCard({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <Link
      to={channelHref(channel)}
      className={styles.channel}
      data-testid={`recharge-channel-${channel.currency_code}-${channel.chain}`}
    >
      <span className={styles.channelMain}>
        <span className={styles.channelTop}>
          <CoinCell code={channel.currency_code} logo={channel.logo} size={32} />
          <Tag className={styles.chain} data-testid="recharge-chain">
            {channel.chain}
          </Tag>
        </span>
        <span className={styles.price} data-testid="recharge-price">
          {t('recharge.usdPrice', { price: format.amount(channel.usd_price, 2) })}
        </span>
      </span>
      <RightOutlined className={styles.arrow} aria-hidden />
    </Link>
  );
}

/** The VND bank transfer, with today's rate. */
function VndCard({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  return (
    <section className={styles.vnd} aria-labelledby="recharge-vnd" data-testid="recharge-vnd">
      <span className={styles.vndIcon} aria-hidden>
        <BankOutlined />
      </span>
      <div className={styles.vndMain}>
        <h2 id="recharge-vnd" className={styles.vndTitle}>
          {t('recharge.vnd.title')}
        </h2>
        <p className={styles.vndText}>{t('recharge.vnd.text')}</p>
        {channel.rate !== null && (
          <div className={styles.vndRate} data-testid="recharge-vnd-rate">
            {t('recharge.vnd.rate', { rate: formatVnd(channel.rate) })}
          </div>
        )}
      </div>
      <LinkButton
        type="primary"
        size="large"
        to={channelHref(channel)}
        data-testid="recharge-vnd-open"
      >
        {t('recharge.vnd.open')}
      </LinkButton>
    </section>
  );
}
