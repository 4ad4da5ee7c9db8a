import {
  MICRO_TYPE,
  type CurrencyMatch,
  type MicroCurrency,
  type MicroSecondsOption,
} from '@exchange/contract';
import { Alert, Button, Input, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginHref } from '../../../shared/api/access';
import { cleanDecimalInput, isPositiveDecimal } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSession } from '../../../shared/store/session';
import { toastSuccess, toastWarning } from '../../../shared/ui/toast';
import { useMicroCurrencies, useMicroSeconds, useMicroSubmit } from '../api/micro';
import {
  chosenStake,
  decimalsOf,
  microPreview,
  ratioPercent,
  stakeProblem,
  type MicroPreview,
} from '../lib/micro-form';
import { DEFAULT_MICRO_QUOTE } from '../lib/micro-pair';
import styles from './micro.module.css';

type Direction = (typeof MICRO_TYPE)[keyof typeof MICRO_TYPE];

interface Pending {
  direction: Direction;
  currency: MicroCurrency;
  option: MicroSecondsOption;
  preview: MicroPreview;
}

/**
 * The order panel (spec 3 §3): stake currency with its micro balance, preset or typed stake
 * within the currency's limits, a duration with its profit ratio, Up or Down; each order is
 * confirmed with its fee and payout, computed exactly as the server does.
 */
export function MicroForm({ pair }: { pair: CurrencyMatch }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const { pathname, search } = useLocation();

  return (
    <section className={styles.form} aria-label={t('second.form.title')} data-testid="micro-form">
      <h2 className={styles.title}>{t('second.form.title')}</h2>
      {signedIn ? (
        <SignedInForm pair={pair} />
      ) : (
        <div className={styles.guest} data-testid="micro-guest">
          <Link to={loginHref(pathname + search)} data-testid="micro-login">
            {t('second.form.login')}
          </Link>
          <span className="text-secondary">{t('second.form.or')}</span>
          <Link to="/register" data-testid="micro-register">
            {t('second.form.register')}
          </Link>
        </div>
      )}
    </section>
  );
}

function SignedInForm({ pair }: { pair: CurrencyMatch }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const currencies = useMicroCurrencies();
  const seconds = useMicroSeconds(pair.id);
  const submit = useMicroSubmit();
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [preset, setPreset] = useState<string | null>(null);
  const [custom, setCustom] = useState('');
  const [chosenSeconds, setChosenSeconds] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const list = currencies.data;
  const options = seconds.data;
  if (!list || !options) {
    const failed = currencies.isError || seconds.isError;
    return failed ? (
      <Alert
        type="error"
        showIcon
        title={t('second.form.error')}
        action={
          <Button
            size="small"
            onClick={() => {
              void currencies.refetch();
              void seconds.refetch();
            }}
          >
            {t('second.retry')}
          </Button>
        }
        data-testid="micro-form-error"
      />
    ) : (
      <Skeleton active paragraph={{ rows: 8 }} />
    );
  }
  const currency =
    list.find((c) => c.id === currencyId) ??
    list.find((c) => c.code === DEFAULT_MICRO_QUOTE) ??
    list[0];
  const option = options.find((o) => o.seconds === chosenSeconds) ?? options[0];
  if (!currency || !option) {
    return (
      <Alert
        type="info"
        showIcon
        title={t(currency ? 'second.form.noSeconds' : 'second.form.noCurrency')}
        data-testid="micro-form-closed"
      />
    );
  }

  const code = currency.code;
  const presets = currency.micro_numbers.map((n) => n.number);
  const presetValue = preset !== null && presets.includes(preset) ? preset : (presets[0] ?? null);
  const customWins = isPositiveDecimal(custom);
  const stake = chosenStake(custom, presetValue);
  const preview =
    stake === null
      ? null
      : microPreview(stake, currency.fee_rate, option.profit_ratio, currency.decimals);
  const problem = stakeProblem(preview?.stake ?? null, currency, preview?.fee ?? '0');
  // The typed stake's problem shows under the box as it is typed; every problem toasts on Up/Down.
  const inlineProblem = customWins && problem !== null ? problem : null;
  const money = (value: string) => `${format.amount(value, 2)} ${code}`;
  const percent = (ratio: string) => {
    const pct = ratioPercent(ratio);
    return format.percent(pct, { decimals: decimalsOf(pct) });
  };

  const open = (direction: Direction) => {
    if (problem !== null || preview === null) {
      toastWarning(t(problem?.key ?? 'micro.p_number', problem?.params), 'micro.form');
      return;
    }
    setPending({ direction, currency, option, preview });
  };

  const confirm = () => {
    if (!pending) return;
    submit.mutate(
      {
        match_id: pair.id,
        currency_id: pending.currency.id,
        type: pending.direction,
        seconds: pending.option.seconds,
        number: pending.preview.stake,
      },
      {
        onSuccess: () => {
          setPending(null);
          toastSuccess(t('second.confirm.placed'));
        },
      },
    );
  };

  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>{t('second.form.available')}</dt>
          <dd
            className="num"
            data-testid="micro-balance"
            data-value={currency.micro_account.balance}
          >
            {money(currency.micro_account.balance)}
          </dd>
        </div>
      </dl>
      <label className={styles.field}>
        <span>{t('second.form.currency')}</span>
        <Select<number>
          value={currency.id}
          onChange={(id) => {
            setCurrencyId(id);
            setPreset(null);
          }}
          options={list.map((c) => ({
            value: c.id,
            label: (
              <span className={styles.currencyOption}>
                <b>{c.code}</b>
                <span className="num text-secondary">
                  {format.amount(c.micro_account.balance, 2)}
                </span>
              </span>
            ),
          }))}
          data-testid="micro-currency"
          popupMatchSelectWidth
        />
      </label>
      <div className={styles.field}>
        <span id="micro-stake-label">
          {t('second.form.stake')}{' '}
          <small className="text-secondary" data-testid="micro-limits">
            {isPositiveDecimal(currency.max_number)
              ? t('second.form.limits', {
                  min: format.amount(currency.min_number),
                  max: format.amount(currency.max_number),
                  currency: code,
                })
              : t('second.form.minOnly', {
                  min: format.amount(currency.min_number),
                  currency: code,
                })}
          </small>
        </span>
        <div className={styles.presets} role="group" aria-labelledby="micro-stake-label">
          {presets.map((value) => {
            const on = !customWins && value === presetValue;
            return (
              <Button
                key={value}
                type={on ? 'primary' : 'default'}
                aria-pressed={on}
                onClick={() => {
                  setPreset(value);
                  setCustom('');
                }}
                data-testid={`micro-preset-${value}`}
              >
                <span className="num">{format.amount(value)}</span>
              </Button>
            );
          })}
        </div>
        <Input
          inputMode="decimal"
          value={custom}
          onChange={(e) => setCustom(cleanDecimalInput(e.target.value, currency.decimals))}
          placeholder={t('second.form.custom')}
          aria-label={t('second.form.custom')}
          suffix={code}
          status={inlineProblem ? 'error' : undefined}
          data-testid="micro-custom"
        />
        {inlineProblem && (
          <span className={styles.problem} role="alert" data-testid="micro-stake-problem">
            {t(inlineProblem.key, inlineProblem.params)}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <span id="micro-seconds-label">{t('second.form.seconds')}</span>
        <div className={styles.options} role="group" aria-labelledby="micro-seconds-label">
          {options.map((o) => {
            const on = o.seconds === option.seconds;
            return (
              <button
                key={o.seconds}
                type="button"
                className={`${styles.option} ${on ? styles.optionOn : ''}`}
                aria-pressed={on}
                onClick={() => setChosenSeconds(o.seconds)}
                data-testid={`micro-seconds-${String(o.seconds)}`}
              >
                <span className={styles.optionSeconds}>
                  {t('second.seconds', { n: o.seconds })}
                </span>
                <span className={`num up ${styles.optionProfit}`}>
                  {t('second.form.profit', { pct: percent(o.profit_ratio) })}
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <dl className={styles.facts} data-testid="micro-preview">
        <div>
          <dt>{t('second.form.fee', { rate: percent(currency.fee_rate) })}</dt>
          <dd className="num" data-testid="micro-preview-fee">
            {preview ? money(preview.fee) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('second.form.payout')}</dt>
          <dd className="num up" data-testid="micro-preview-payout">
            {preview ? money(preview.payout) : '—'}
          </dd>
        </div>
      </dl>
      <div className={styles.sides}>
        <Button
          className={styles.upButton}
          type="primary"
          size="large"
          block
          onClick={() => open(MICRO_TYPE.up)}
          data-testid="micro-up"
        >
          {t('second.up')}
        </Button>
        <Button
          className={styles.downButton}
          type="primary"
          size="large"
          block
          onClick={() => open(MICRO_TYPE.down)}
          data-testid="micro-down"
        >
          {t('second.down')}
        </Button>
      </div>
      <p className={styles.note}>{t('second.form.note')}</p>
      <Modal
        open={pending !== null}
        title={
          pending &&
          t(pending.direction === MICRO_TYPE.up ? 'second.confirm.up' : 'second.confirm.down', {
            symbol: pair.symbol,
          })
        }
        onOk={confirm}
        onCancel={() => setPending(null)}
        okText={t('second.confirm.ok')}
        cancelText={t('second.confirm.cancel')}
        confirmLoading={submit.isPending}
        okButtonProps={{
          className: pending?.direction === MICRO_TYPE.down ? styles.downButton : styles.upButton,
          'data-testid': 'micro-confirm-ok',
        }}
        destroyOnHidden
      >
        {pending && <Confirmation pair={pair} pending={pending} />}
      </Modal>
    </>
  );
}

function Confirmation({ pair, pending }: { pair: CurrencyMatch; pending: Pending }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { preview, currency, option, direction } = pending;
  const code = currency.code;
  const money = (value: string) => `${format.amount(value, 2)} ${code}`;
  const up = direction === MICRO_TYPE.up;
  const pct = ratioPercent(option.profit_ratio);
  return (
    <div className={styles.confirmBody} data-testid="micro-confirm">
      <dl className={styles.confirm}>
        <div>
          <dt>{t('second.confirm.pair')}</dt>
          <dd data-testid="micro-confirm-pair">{pair.symbol}</dd>
        </div>
        <div>
          <dt>{t('second.confirm.direction')}</dt>
          <dd className={up ? 'up' : 'down'} data-testid="micro-confirm-direction">
            {t(up ? 'second.up' : 'second.down')}
          </dd>
        </div>
        <div>
          <dt>{t('second.confirm.seconds')}</dt>
          <dd className="num" data-testid="micro-confirm-seconds">
            {t('second.seconds', { n: option.seconds })} ·{' '}
            {t('second.form.profit', { pct: format.percent(pct, { decimals: decimalsOf(pct) }) })}
          </dd>
        </div>
        <div>
          <dt>{t('second.confirm.stake')}</dt>
          <dd className="num" data-testid="micro-confirm-stake" data-value={preview.stake}>
            {money(preview.stake)}
          </dd>
        </div>
        <div>
          <dt>{t('second.confirm.fee')}</dt>
          <dd className="num" data-testid="micro-confirm-fee" data-value={preview.fee}>
            {money(preview.fee)}
          </dd>
        </div>
        <div>
          <dt>{t('second.confirm.payout')}</dt>
          <dd className="num up" data-testid="micro-confirm-payout" data-value={preview.payout}>
            {money(preview.payout)}
          </dd>
        </div>
      </dl>
      <p data-testid="micro-confirm-expected">
        {t('second.confirm.expected', {
          payout: money(preview.payout),
          stake: money(preview.stake),
          fee: money(preview.fee),
        })}
      </p>
      <p className="text-secondary">{t('second.confirm.timing', { n: option.seconds })}</p>
    </div>
  );
}
