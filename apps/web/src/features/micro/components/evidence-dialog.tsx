import type { CurrencyMatch, MicroEvidence, MicroIndexEvidence } from '@exchange/contract';
import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { Alert, Modal, Skeleton, Tag } from 'antd';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { bangkokClock } from '../../../shared/market-ui/chart-time';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useMicroEvidence } from '../api/micro';
import { isVolumeWeighted, recomputeIndex, type IndexCheck } from '../lib/evidence';
import type { MicroRow } from '../lib/micro-list';
import styles from './micro.module.css';

interface Props {
  order: MicroRow | null;
  pairs: CurrencyMatch[];
  onClose: () => void;
}

/**
 * How a closed order was settled: the open and end index, each with its window, every trade of
 * the window with its price and quantity (the order owner's own marked: they never count), the
 * counted trades and volume against the pair's minimums, the index recomputed here from those
 * trades, and the rule that turned the two prices into the result. Nobody chooses these prices.
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

/** What a side needs to show its figures: the pair's price decimals and base currency. */
interface PairTerms {
  decimals: number | undefined;
  base: string;
  price: (value: string | null) => string;
}

function EvidenceBody({ order, pairs }: { order: MicroRow; pairs: CurrencyMatch[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  // Closed rows of the lists carry their evidence; a row without it asks for it.
  const fetched = useMicroEvidence(order.evidence === null ? order.id : null);
  const evidence: MicroEvidence | undefined = order.evidence ?? fetched.data;
  const outcome = order.outcome ?? fetched.data?.outcome ?? null;
  const pair = pairs.find((p) => p.id === order.match_id);
  const decimals = pair?.price_decimals;
  const terms: PairTerms = {
    decimals,
    base: pair?.base_currency_code ?? order.symbol_name.split('/')[0] ?? '',
    price: (value) =>
      value === null
        ? '—'
        : decimals === undefined
          ? format.amount(value)
          : format.price(value, decimals),
  };
  const price = terms.price;

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
      <p className={styles.rule} data-testid="micro-evidence-index-rule">
        {t('second.evidence.index')}
      </p>
      <p className={styles.rule}>{t('second.evidence.own')}</p>
      <p className={styles.rule}>{t('second.evidence.rule')}</p>
      {evidence ? (
        <>
          <IndexSection
            title={t('second.evidence.open')}
            side={evidence.open}
            terms={terms}
            testId="micro-evidence-open"
          />
          {evidence.end ? (
            <IndexSection
              title={t('second.evidence.end')}
              side={evidence.end}
              terms={terms}
              testId="micro-evidence-end"
            />
          ) : (
            <p className="text-secondary" data-testid="micro-evidence-no-end">
              {t(
                evidence.open.source === 'void'
                  ? 'second.evidence.noEndVoid'
                  : 'second.evidence.noEnd',
              )}
            </p>
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
  terms,
  testId,
}: {
  title: string;
  side: MicroIndexEvidence;
  terms: PairTerms;
  testId: string;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { price, base } = terms;
  const weighted = isVolumeWeighted(side);
  const check = terms.decimals === undefined ? null : recomputeIndex(side, terms.decimals);
  const hasQty = side.trades.some((r) => r.qty !== undefined);
  const columns: TableColumn<Trade>[] = [
    {
      key: 'id',
      title: t('second.evidence.tradeId'),
      render: (r) => (
        <span className={styles.tradeId}>
          <span className="num">#{r.id}</span>
          {r.own === true && (
            <Tag className={styles.ownTag} data-testid="micro-evidence-own">
              {t('second.evidence.yours')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('second.evidence.price'),
      align: 'right',
      render: (r) => <span className="num">{price(r.price)}</span>,
    },
    ...(hasQty
      ? [
          {
            key: 'qty',
            title: `${t('second.evidence.qty')} (${base})`,
            align: 'right' as const,
            render: (r: Trade) => (
              <span className="num">{r.qty === undefined ? '—' : format.amount(r.qty)}</span>
            ),
          },
        ]
      : []),
    {
      key: 'time',
      title: `${t('second.evidence.time')} (${t('second.zone')})`,
      align: 'right',
      render: (r) => <span className="num">{tradeTime(r.time)}</span>,
    },
  ];
  const bookUsed = side.bid !== null || side.ask !== null;
  const counted = side.counted ?? check?.countedIds.size;
  const volume = side.volume ?? check?.volume;
  const excluded = side.excluded_own ?? check?.excludedOwn ?? 0;
  const source =
    side.source === 'trades' && !weighted
      ? 'second.source.earlier'
      : `second.source.${side.source}`;

  return (
    <section className={styles.indexSection} data-testid={testId} data-source={side.source}>
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
          <dd data-testid={`${testId}-source`}>{t(source)}</dd>
        </div>
        {bookUsed && (
          <div>
            <dt>{t('second.evidence.bidAsk')}</dt>
            <dd className="num">
              {price(side.bid)} / {price(side.ask)}
            </dd>
          </div>
        )}
        {weighted && counted !== undefined && (
          <div>
            <dt>{t('second.evidence.counted')}</dt>
            <dd className="num" data-testid={`${testId}-counted`} data-value={counted}>
              {t('second.evidence.countedValue', {
                n: format.amount(String(counted)),
                min: format.amount(String(side.min_trades ?? 0)),
              })}
            </dd>
          </div>
        )}
        {weighted && volume !== undefined && (
          <div>
            <dt>{t('second.evidence.volume')}</dt>
            <dd className="num" data-testid={`${testId}-volume`} data-value={volume}>
              <span className={styles.nowrap}>
                {format.amount(volume)} {base}
              </span>{' '}
              <span className={`${styles.nowrap} text-secondary`}>
                {t('second.evidence.minimum', {
                  min: `${format.amount(side.min_volume ?? '0')} ${base}`,
                })}
              </span>
            </dd>
          </div>
        )}
        {weighted && (
          <div>
            <dt>{t('second.evidence.excluded')}</dt>
            <dd className="num" data-testid={`${testId}-excluded`} data-value={excluded}>
              {format.amount(String(excluded))}
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
      {weighted && side.source === 'void' && (
        <Alert
          type="warning"
          showIcon
          className={styles.voidAlert}
          data-testid={`${testId}-void`}
          title={t('second.evidence.void', {
            n: format.amount(String(counted ?? 0)),
            volume: format.amount(volume ?? '0'),
            minTrades: format.amount(String(side.min_trades ?? 0)),
            minVolume: format.amount(side.min_volume ?? '0'),
            coin: base,
          })}
        />
      )}
      {check && <Recomputed check={check} side={side} price={price} testId={testId} />}
      {weighted ? null : (
        <p className="text-secondary" data-testid={`${testId}-earlier`}>
          {t('second.evidence.earlier')}
        </p>
      )}
      {side.trades.length > 0 && (
        <div className={styles.trades}>
          <Table
            layout="scroll"
            minWidth={hasQty ? 300 : 240}
            className={styles.tradeTable}
            label={t('second.evidence.trades', { title })}
            columns={columns}
            rows={side.trades}
            rowKey={(r) => r.id}
            rowProps={(r) =>
              r.own === true
                ? {
                    className: styles.ownRow,
                    title: t('second.evidence.ownLeftOut'),
                    'data-own': 1,
                  }
                : { 'data-own': 0 }
            }
            empty={t('second.evidence.noTrades')}
            testId={`${testId}-trades`}
          />
        </div>
      )}
      <p className="text-secondary" data-testid={`${testId}-count`}>
        {side.trades.length === 0
          ? t('second.evidence.noTrades')
          : t('second.evidence.count', { n: format.amount(String(side.trades.length)) })}
      </p>
    </section>
  );
}

/** The index as this page recomputes it from the listed trades, and whether it agrees. */
function Recomputed({
  check,
  side,
  price,
  testId,
}: {
  check: IndexCheck;
  side: MicroIndexEvidence;
  price: (value: string | null) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <div className={styles.recomputed} data-testid={`${testId}-check`}>
      {check.enough && check.index !== null && (
        <p className="num" data-testid={`${testId}-formula`}>
          {t('second.evidence.formula', {
            notional: format.amount(check.notional),
            volume: format.amount(check.volume),
            index: price(check.index),
          })}
        </p>
      )}
      <p
        className={check.matches ? styles.matches : styles.differs}
        data-testid={`${testId}-match`}
        data-matches={check.matches ? 1 : 0}
      >
        {check.matches ? <CheckCircleFilled aria-hidden /> : <WarningFilled aria-hidden />}{' '}
        {check.matches
          ? t(side.source === 'void' ? 'second.evidence.matchesVoid' : 'second.evidence.matches')
          : t('second.evidence.differs', {
              index: check.index === null ? '—' : price(check.index),
            })}
      </p>
    </div>
  );
}
