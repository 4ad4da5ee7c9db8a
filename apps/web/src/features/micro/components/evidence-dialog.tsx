import type { CurrencyMatch, MicroEvidence, MicroIndexEvidence } from '@exchange/contract';
import { Alert, Modal, Skeleton } from 'antd';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { bangkokClock } from '../../../shared/market-ui/chart-time';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useMicroEvidence } from '../api/micro';
import { TRIM_PERCENT, usedTradeIds } from '../lib/evidence';
import type { MicroRow } from '../lib/micro-list';
import styles from './micro.module.css';

interface Props {
  order: MicroRow | null;
  pairs: CurrencyMatch[];
  onClose: () => void;
}

/**
 * How a closed order was settled: the open and end index, each with its window, the trades it
 * was made of (those the trimmed mean dropped marked), the book when it was used, and the rule
 * that turned the two prices into the result. Nobody chooses these prices.
 */
export function EvidenceDialog({ order, pairs, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={order !== null}
      title={order && t('second.evidence.title', { id: order.id })}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {order && <EvidenceBody order={order} pairs={pairs} />}
    </Modal>
  );
}

function EvidenceBody({ order, pairs }: { order: MicroRow; pairs: CurrencyMatch[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  // Closed rows of the lists carry their evidence; a row without it asks for it.
  const fetched = useMicroEvidence(order.evidence === null ? order.id : null);
  const evidence: MicroEvidence | undefined = order.evidence ?? fetched.data;
  const outcome = order.outcome ?? fetched.data?.outcome ?? null;
  const decimals = pairs.find((p) => p.id === order.match_id)?.price_decimals;
  const price = (value: string | null) =>
    value === null
      ? '—'
      : decimals === undefined
        ? format.amount(value)
        : format.price(value, decimals);

  return (
    <div className={styles.evidence} data-testid="micro-evidence">
      <dl className={styles.confirm}>
        <div>
          <dt>{t('second.confirm.pair')}</dt>
          <dd>{order.symbol_name}</dd>
        </div>
        <div>
          <dt>{t('second.confirm.direction')}</dt>
          <dd className={order.type === 1 ? 'up' : 'down'}>
            {t(order.type === 1 ? 'second.up' : 'second.down')}
          </dd>
        </div>
        <div>
          <dt>{t('second.history.openPrice')}</dt>
          <dd className="num" data-testid="micro-evidence-open-price">
            {price(order.open_price)}
          </dd>
        </div>
        <div>
          <dt>{t('second.history.endPrice')}</dt>
          <dd className="num" data-testid="micro-evidence-end-price">
            {price(order.end_price)}
          </dd>
        </div>
        <div>
          <dt>{t('second.history.result')}</dt>
          <dd data-testid="micro-evidence-outcome">
            {outcome ? t(`second.outcome.${outcome}`) : '—'}
            {order.fact_profits !== null && (
              <>
                {' '}
                <span className={`num ${order.fact_profits.startsWith('-') ? 'down' : ''}`}>
                  ({format.amount(order.fact_profits, 2, { sign: true })} {order.currency_name})
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className={styles.rule}>{t('second.evidence.index', { pct: TRIM_PERCENT })}</p>
      <p className={styles.rule}>{t('second.evidence.rule')}</p>
      {evidence ? (
        <>
          <IndexSection
            title={t('second.evidence.open')}
            side={evidence.open}
            price={price}
            testId="micro-evidence-open"
          />
          {evidence.end ? (
            <IndexSection
              title={t('second.evidence.end')}
              side={evidence.end}
              price={price}
              testId="micro-evidence-end"
            />
          ) : (
            <p className="text-secondary">{t('second.evidence.noEnd')}</p>
          )}
        </>
      ) : fetched.isError ? (
        <Alert type="error" showIcon title={t('second.evidence.error')} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </div>
  );
}

type Trade = MicroIndexEvidence['trades'][number];

/** `14:03:09.250`: trades are told apart to the millisecond within their 10 s window. */
function tradeTime(ms: number): string {
  return `${bangkokClock(ms, false)}.${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')}`;
}

/** `11-25 22:33:58 – 22:34:08`: the date once when both ends are on the same day. */
function windowText(from: number, to: number): string {
  const start = bangkokClock(from);
  const end = bangkokClock(to);
  return start.slice(0, 5) === end.slice(0, 5)
    ? `${start} – ${bangkokClock(to, false)}`
    : `${start} – ${end}`;
}

function IndexSection({
  title,
  side,
  price,
  testId,
}: {
  title: string;
  side: MicroIndexEvidence;
  price: (value: string | null) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const used = usedTradeIds(side);
  const columns: TableColumn<Trade>[] = [
    {
      key: 'id',
      title: t('second.evidence.tradeId'),
      render: (r) => <span className="num">#{r.id}</span>,
    },
    {
      key: 'price',
      title: t('second.evidence.price'),
      align: 'right',
      render: (r) => <span className="num">{price(r.price)}</span>,
    },
    {
      key: 'time',
      title: `${t('second.evidence.time')} (${t('second.zone')})`,
      align: 'right',
      render: (r) => <span className="num">{tradeTime(r.time)}</span>,
    },
  ];
  const bookUsed = side.bid !== null || side.ask !== null;

  return (
    <section className={styles.indexSection} data-testid={testId}>
      <h3 className={styles.indexTitle}>{title}</h3>
      <dl className={styles.confirm}>
        <div>
          <dt>{t('second.evidence.window', { zone: t('second.zone') })}</dt>
          <dd className="num" data-testid={`${testId}-window`}>
            {windowText(side.from, side.to)}
          </dd>
        </div>
        <div>
          <dt>{t('second.evidence.source')}</dt>
          <dd data-testid={`${testId}-source`}>{t(`second.source.${side.source}`)}</dd>
        </div>
        {bookUsed && (
          <div>
            <dt>{t('second.evidence.bidAsk')}</dt>
            <dd className="num">
              {price(side.bid)} / {price(side.ask)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('second.evidence.indexValue')}</dt>
          <dd className="num" data-testid={`${testId}-index`}>
            <b>{price(side.index)}</b>
          </dd>
        </div>
      </dl>
      {side.trades.length > 0 && (
        <div className={styles.trades}>
          <Table
            layout="scroll"
            minWidth={280}
            label={t('second.evidence.trades', { title })}
            columns={columns}
            rows={side.trades}
            rowKey={(r) => r.id}
            rowProps={(r) =>
              used.has(r.id)
                ? { 'data-used': 1 }
                : {
                    className: styles.droppedRow,
                    title: t('second.evidence.dropped'),
                    'data-used': 0,
                  }
            }
            empty={t('second.evidence.noTrades')}
            testId={`${testId}-trades`}
          />
        </div>
      )}
      {used.size < side.trades.length && side.source === 'trades' && (
        <p className="text-secondary">{t('second.evidence.droppedNote', { pct: TRIM_PERCENT })}</p>
      )}
      <p className="text-secondary" data-testid={`${testId}-count`}>
        {t('second.evidence.count', { n: side.trades.length, used: used.size })}
      </p>
    </section>
  );
}
