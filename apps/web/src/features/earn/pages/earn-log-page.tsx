import { EARN_STATUS } from '@exchange/contract';
import { Button, Empty, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { LinkButton } from '../../../shared/ui/link-button';
import { Result } from '../../../shared/ui/result';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useEarnSubscriptions, type EarnSubscription } from '../api/earn';
import { useRateText } from '../components/earn-texts';
import { LOG_TABS, type LogTab } from '../lib/earn-log';
import styles from './earn-page.module.css';

/**
 * The earning log, /coinlog (spec 3 §4 savings): the user's subscriptions, newest first, with
 * the principal, the daily dividend, the interest paid so far, the days paid and left and the
 * maturity; 10 a page. Signed-in users only (the route sends guests to log in).
 */
export function EarnLogPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const rateText = useRateText();
  const [tab, setTab] = useState<LogTab>('all');
  const [pages, setPages] = useState<Record<LogTab, number>>({ all: 1, active: 1, expired: 1 });
  const page = pages[tab];
  const list = useEarnSubscriptions(tab, page);
  const data = list.data;
  const id = (row: EarnSubscription) => String(row.id);

  const columns: TableColumn<EarnSubscription>[] = [
    {
      key: 'product',
      title: t('financial.log.col.product'),
      render: (r) => (
        <span className={styles.product}>
          <b data-testid="earn-log-name">{r.name}</b>
          <small className="text-secondary num">
            {t('financial.card.days', { n: r.days })} · {rateText(r.rate)}
          </small>
        </span>
      ),
    },
    {
      key: 'currency',
      title: t('financial.log.col.currency'),
      render: (r) => <span data-testid="earn-log-currency">{r.currency_code}</span>,
    },
    {
      key: 'number',
      title: t('financial.log.col.number'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid="earn-log-number" data-value={r.number}>
          {format.amount(r.number)}
        </span>
      ),
    },
    {
      key: 'daily',
      title: t('financial.log.col.daily'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid="earn-log-daily" data-value={r.daily_dividend}>
          {format.amount(r.daily_dividend)}
        </span>
      ),
    },
    {
      key: 'income',
      title: t('financial.log.col.income'),
      align: 'right',
      render: (r) => (
        <span className={styles.income}>
          <span className="num up" data-testid="earn-log-income" data-value={r.income}>
            {format.amount(r.income)}
          </span>
          <small className="num text-secondary" data-testid="earn-log-total">
            {t('financial.log.ofTotal', { total: format.amount(r.total_interest) })}
          </small>
        </span>
      ),
    },
    {
      key: 'days',
      title: t('financial.log.col.days'),
      align: 'right',
      render: (r) => (
        <span
          className="num"
          data-testid="earn-log-days"
          data-paid={r.paid_days}
          data-remain={r.remain_days}
        >
          {t('financial.log.daysValue', { paid: r.paid_days, remain: r.remain_days })}
        </span>
      ),
    },
    {
      key: 'maturity',
      title: t('financial.log.col.maturity'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid="earn-log-maturity">
          {formatDateTime(r.maturity_at)}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('financial.log.col.status'),
      align: 'right',
      render: (r) => {
        const active = r.status === EARN_STATUS.inEffect;
        return (
          <Tag
            className={styles.statusTag}
            color={active ? 'green' : undefined}
            data-testid="earn-log-status"
            data-status={r.status}
          >
            {t(active ? 'financial.log.status.inEffect' : 'financial.log.status.expired')}
          </Tag>
        );
      },
    },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t(`financial.log.empty.${tab}`)}
      data-testid="earn-log-empty"
    >
      <LinkButton type="primary" to="/deposit" data-testid="earn-log-empty-link">
        {t('financial.log.browse')}
      </LinkButton>
    </Empty>
  );

  return (
    <div className={styles.page} data-testid="earn-log-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('financial.log.title')}</h1>
          <p className={styles.subtitle}>{t('financial.log.subtitle')}</p>
        </div>
        <nav className={styles.links} aria-label={t('financial.log.title')}>
          <Link to="/deposit" data-testid="earn-products-link">
            {t('financial.log.products')}
          </Link>
          <Link to="/assets/financialAccount" data-testid="earn-account-link">
            {t('financial.financialAccount')}
          </Link>
        </nav>
      </header>
      <section className={styles.panel} aria-label={t('financial.log.title')}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(LOG_TABS.find((k) => k === key) ?? 'all')}
          items={LOG_TABS.map((key) => ({
            key,
            label: <span data-testid={`earn-log-tab-${key}`}>{t(`financial.log.tab.${key}`)}</span>,
          }))}
        />
        {list.isError && !data ? (
          <div data-testid="earn-log-error">
            <Result
              status="warning"
              title={t('financial.log.error')}
              subTitle={list.error.message}
              extra={
                <Button type="primary" onClick={() => void list.refetch()}>
                  {t('financial.retry')}
                </Button>
              }
            />
          </div>
        ) : (
          <Table
            layout="cards"
            minWidth={960}
            label={t('financial.log.title')}
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(row) => row.id}
            rowProps={(row) => ({
              'data-testid': `earn-log-row-${id(row)}`,
              'data-status': row.status,
            })}
            loading={list.isFetching && (list.isLoading || list.isPlaceholderData)}
            empty={empty}
            testId="earn-log"
            paging={{
              page,
              pageSize: data?.per_page ?? 10,
              total: data?.total ?? 0,
              onChange: (next) => setPages((p) => ({ ...p, [tab]: next })),
              testId: 'earn-log-pager',
            }}
          />
        )}
      </section>
    </div>
  );
}
