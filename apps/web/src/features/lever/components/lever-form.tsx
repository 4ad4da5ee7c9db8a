import { LEVER_ORDER, LEVER_SIDE, type CurrencyMatch } from '@exchange/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Select, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { cleanDecimalInput } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess, toastWarning } from '../../../shared/ui/toast';
import { useLeverSubmit, type LeverDeal } from '../api/lever';
import { formProblem, leverPreview, type LeverPreview } from '../lib/lever-form';
import styles from './lever.module.css';

interface Props {
  pair: CurrencyMatch;
  deal: UseQueryResult<LeverDeal>;
  /** A price picked from the book: fills the limit price. */
  picked: { price: string; at: number } | null;
}

type Side = 1 | 2;

interface Pending {
  side: Side;
  share: number;
  multiple: number;
  /** The mark (market) or the typed price (limit) the preview starts from. */
  origin: string;
  preview: LeverPreview;
}

/**
 * The order form (spec 2): market or limit, multiple, hands and trade password; Long and Short
 * ask for confirmation with the hands, multiple, fee and margin computed as the server does.
 */
export function LeverForm({ pair, deal, picked }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const submit = useLeverSubmit();
  const [status, setStatus] = useState<0 | 1>(LEVER_ORDER.market);
  const [price, setPrice] = useState('');
  const [multiple, setMultiple] = useState<number | null>(null);
  const [share, setShare] = useState('1');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [checking, setChecking] = useState<Side | null>(null);

  // A price picked from the book switches to a limit order at that price.
  const [pickedAt, setPickedAt] = useState<number | null>(null);
  if (picked && picked.at !== pickedAt) {
    setPickedAt(picked.at);
    setStatus(LEVER_ORDER.limit);
    setPrice(picked.price);
  }

  const data = deal.data;
  if (!data) {
    return (
      <section className={styles.form} data-testid="lever-form">
        {deal.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('leverage.form.error')}
            action={
              <Button size="small" onClick={() => void deal.refetch()}>
                {t('leverage.retry')}
              </Button>
            }
          />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </section>
    );
  }

  const terms = data.currency_match;
  const quote = pair.quote_currency_code;
  const multiples = data.multiple.muit;
  const chosenMultiple = multiple !== null && multiples.includes(multiple) ? multiple : null;
  const mark = data.mark_price;
  const thin = data.mark_status === 'thin';

  const open = async (side: Side) => {
    const problem = formProblem(
      { status, price, multiple: chosenMultiple, share, password },
      terms.min_share,
      terms.max_share,
    );
    if (problem === 'share_range') {
      toastWarning(t('lever.share_range', { min: terms.min_share, max: terms.max_share }));
      return;
    }
    if (problem !== null) {
      toastWarning(t(problem));
      return;
    }
    // At the market the server opens at the mark when the order arrives: read it fresh.
    setChecking(side);
    const fresh = status === LEVER_ORDER.market ? await deal.refetch() : deal;
    setChecking(null);
    // A thin book gives no mark: nothing opens, not even a limit order (the server says so too).
    if ((fresh.data ?? data).mark_status === 'thin') {
      toastWarning(t('lever.no_mark'));
      return;
    }
    const origin = status === LEVER_ORDER.market ? (fresh.data?.mark_price ?? null) : price.trim();
    if (origin === null || chosenMultiple === null) {
      toastWarning(t('lever.no_price'));
      return;
    }
    const hands = Number(share);
    setPending({
      side,
      share: hands,
      multiple: chosenMultiple,
      origin,
      preview: leverPreview(terms, side, origin, hands, chosenMultiple),
    });
  };

  const confirm = () => {
    if (!pending) return;
    submit.mutate(
      {
        currency_match_id: pair.id,
        share: pending.share,
        multiple: pending.multiple,
        type: pending.side,
        status,
        password,
        ...(status === LEVER_ORDER.limit ? { target_price: price.trim() } : {}),
      },
      {
        onSuccess: () => {
          setPending(null);
          setPassword('');
          toastSuccess(
            t(status === LEVER_ORDER.market ? 'leverage.form.opened' : 'leverage.form.placed'),
          );
        },
      },
    );
  };

  const money = (value: string) => `${format.amount(value, 2)} ${quote}`;

  return (
    <section className={styles.form} aria-label={t('leverage.form.title')} data-testid="lever-form">
      <Tabs
        activeKey={String(status)}
        onChange={(key) => setStatus(key === '0' ? LEVER_ORDER.limit : LEVER_ORDER.market)}
        items={[
          {
            key: '1',
            label: <span data-testid="lever-tab-market">{t('leverage.form.market')}</span>,
          },
          {
            key: '0',
            label: <span data-testid="lever-tab-limit">{t('leverage.form.limit')}</span>,
          },
        ]}
      />
      <dl className={styles.facts}>
        <div>
          <dt>{t('leverage.form.available')}</dt>
          <dd className="num" data-testid="lever-available">
            {money(data.user_lever)}
          </dd>
        </div>
        <div>
          <dt>{t('leverage.form.mark')}</dt>
          <dd className="num" data-testid="lever-mark">
            {mark === null ? '—' : format.price(mark, terms.price_decimals)}
          </dd>
        </div>
        <div>
          <dt>{t('leverage.form.stopOut')}</dt>
          <dd className="num">{format.percent(data.stop_out_level, { decimals: 0 })}</dd>
        </div>
      </dl>
      {thin && (
        <Alert
          type="warning"
          showIcon
          role="status"
          className={styles.thin}
          title={t('leverage.form.thinTitle')}
          description={t('leverage.form.thin', { symbol: pair.symbol })}
          data-testid="lever-thin"
        />
      )}
      <div className={styles.fields}>
        {status === LEVER_ORDER.limit ? (
          <label className={styles.field}>
            <span>{t('leverage.form.price')}</span>
            <Input
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(cleanDecimalInput(e.target.value, terms.price_decimals))}
              suffix={quote}
              placeholder={t('leverage.form.pricePlaceholder')}
              data-testid="lever-price"
            />
          </label>
        ) : (
          <label className={styles.field}>
            <span>{t('leverage.form.price')}</span>
            <Input disabled value={t('leverage.form.marketPrice')} />
          </label>
        )}
        <label className={styles.field}>
          <span>{t('leverage.form.multiple')}</span>
          <Select<number>
            value={chosenMultiple ?? undefined}
            onChange={setMultiple}
            placeholder={t('leverage.form.multiplePlaceholder')}
            options={multiples.map((m) => ({ value: m, label: `×${String(m)}` }))}
            data-testid="lever-multiple"
            popupMatchSelectWidth
          />
        </label>
        <label className={styles.field}>
          <span>
            {t('leverage.form.hands')}{' '}
            <small className="text-secondary">
              {t('leverage.form.handsRange', {
                min: terms.min_share,
                max: terms.max_share,
                size: format.quantity(terms.lever_share_num, terms.qty_decimals),
                base: pair.base_currency_code,
              })}
            </small>
          </span>
          <Input
            inputMode="numeric"
            value={share}
            onChange={(e) => setShare(e.target.value.replace(/\D/g, '').slice(0, 7))}
            data-testid="lever-share"
          />
        </label>
        <label className={styles.field}>
          <span>{t('leverage.form.password')}</span>
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="off"
            placeholder={t('leverage.form.passwordPlaceholder')}
            data-testid="lever-password"
          />
        </label>
      </div>
      <div className={styles.sides}>
        <Button
          className={styles.long}
          type="primary"
          block
          loading={checking === LEVER_SIDE.long}
          onClick={() => void open(LEVER_SIDE.long)}
          data-testid="lever-long"
        >
          {t('leverage.form.long')}
        </Button>
        <Button
          className={styles.short}
          type="primary"
          block
          loading={checking === LEVER_SIDE.short}
          onClick={() => void open(LEVER_SIDE.short)}
          data-testid="lever-short"
        >
          {t('leverage.form.short')}
        </Button>
      </div>
      <Modal
        open={pending !== null}
        title={
          pending &&
          t(pending.side === LEVER_SIDE.long ? 'leverage.confirm.long' : 'leverage.confirm.short', {
            symbol: pair.symbol,
          })
        }
        onOk={confirm}
        onCancel={() => setPending(null)}
        okText={t('leverage.confirm.ok')}
        cancelText={t('leverage.confirm.cancel')}
        confirmLoading={submit.isPending}
        okButtonProps={{ 'data-testid': 'lever-confirm-ok' }}
        destroyOnHidden
      >
        {pending && (
          <dl className={styles.confirm} data-testid="lever-confirm">
            <div>
              <dt>{t('leverage.confirm.type')}</dt>
              <dd>
                {t(status === LEVER_ORDER.market ? 'leverage.form.market' : 'leverage.form.limit')}
              </dd>
            </div>
            <div>
              <dt>{t('leverage.confirm.price')}</dt>
              <dd className="num" data-testid="lever-confirm-entry" data-origin={pending.origin}>
                {format.price(pending.preview.entry, terms.price_decimals)}
              </dd>
            </div>
            <div>
              <dt>{t('leverage.confirm.hands')}</dt>
              <dd className="num" data-testid="lever-confirm-hands">
                {pending.share} ({format.quantity(pending.preview.number, terms.qty_decimals)}{' '}
                {pair.base_currency_code})
              </dd>
            </div>
            <div>
              <dt>{t('leverage.confirm.multiple')}</dt>
              <dd className="num" data-testid="lever-confirm-multiple">
                ×{pending.multiple}
              </dd>
            </div>
            <div>
              <dt>{t('leverage.confirm.margin')}</dt>
              <dd
                className="num"
                data-testid="lever-confirm-margin"
                data-value={pending.preview.margin}
              >
                {format.amount(pending.preview.margin)} {quote}
              </dd>
            </div>
            <div>
              <dt>{t('leverage.confirm.fee')}</dt>
              <dd className="num" data-testid="lever-confirm-fee" data-value={pending.preview.fee}>
                {format.amount(pending.preview.fee)} {quote}
              </dd>
            </div>
            {status === LEVER_ORDER.market && (
              <p className="text-secondary">{t('leverage.confirm.marketNote')}</p>
            )}
          </dl>
        )}
      </Modal>
    </section>
  );
}
