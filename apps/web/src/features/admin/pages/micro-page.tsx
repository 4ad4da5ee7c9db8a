import { PlusOutlined } from '@ant-design/icons';
import type { CALLS, CallResponse, MicroSecondsOption } from '@exchange/contract';
import { Button, Result, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { isZeroDecimal } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useMicroOverview, useMicroPair } from '../api/micro';
import { AdminShell } from '../components/admin-shell';
import { HouseTable } from '../components/house-table';
import { MicroCapDialog } from '../components/micro-cap-dialog';
import { MicroCurrencyDialog } from '../components/micro-currency-dialog';
import { MicroFundDialog, type MicroHouseRow } from '../components/micro-fund-dialog';
import { MicroGuardDialog } from '../components/micro-guard-dialog';
import { MicroOptionsDialog } from '../components/micro-options-dialog';
import { useOptionText, usePercentText } from '../components/micro-option-text';
import {
  aboveBound,
  baseOf,
  freeBalance,
  unset,
  type MicroCurrencyRow,
  type MicroPairRow,
} from '../lib/micro-input';
import styles from './micro-page.module.css';

type Overview = CallResponse<typeof CALLS.adminMicroOverview>;

/** The dialog on screen, if any. */
type Dialog =
  | { kind: 'fund'; house: MicroHouseRow }
  | { kind: 'currency'; currency: MicroCurrencyRow; enable: boolean }
  | { kind: 'defaults' }
  | { kind: 'options'; pair: MicroPairRow }
  | { kind: 'cap'; pair: MicroPairRow }
  | { kind: 'guard'; pair: MicroPairRow };

/**
 * The house of every stake currency: the rows the server keeps, and a zero row for an enabled
 * currency that has none yet (so that it can be funded before its first order).
 */
function houseRows(view: Overview): MicroHouseRow[] {
  const rows = [...view.house];
  for (const c of view.currencies) {
    if (c.enabled === 1 && !rows.some((h) => h.currency_id === c.id)) {
      rows.push({ currency_id: c.id, currency: c.code, balance: '0', exposure: '0' });
    }
  }
  return rows;
}

/**
 * /admin/micro: the micro trade (seconds options) desk. The house that pays the winners per
 * currency, the stake currencies, the default options, each pair's switch, options and caps, and
 * each pair's index guard with what deciding its index costs and the house's bound for it.
 */
export function MicroAdminPage() {
  const { t } = useTranslation();
  const overview = useMicroOverview();
  const view = overview.data;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <AdminShell section="micro">
      {overview.isError && !view ? (
        <section className={styles.panel} data-testid="micro-error">
          <Result
            status="warning"
            title={t('admin.micro.error')}
            subTitle={overview.error.message}
            extra={
              <Button type="primary" onClick={() => void overview.refetch()}>
                {t('admin.list.retry')}
              </Button>
            }
          />
        </section>
      ) : !view ? (
        <section className={styles.panel} data-testid="micro-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      ) : (
        <>
          <section className={styles.panel} aria-labelledby="micro-house">
            <h2 id="micro-house" className={styles.heading}>
              {t('admin.micro.house')}
            </h2>
            <p className={styles.help}>{t('admin.micro.houseText')}</p>
            <House rows={houseRows(view)} onFund={(house) => setDialog({ kind: 'fund', house })} />
          </section>
          <section className={styles.panel} aria-labelledby="micro-currencies">
            <h2 id="micro-currencies" className={styles.heading}>
              {t('admin.micro.currencies')}
            </h2>
            <Currencies
              currencies={view.currencies.filter((c) => !unset(c))}
              onEdit={(currency) =>
                setDialog({ kind: 'currency', currency, enable: currency.enabled !== 1 })
              }
            />
            <OtherCurrencies
              currencies={view.currencies.filter(unset)}
              onEnable={(currency) => setDialog({ kind: 'currency', currency, enable: true })}
            />
          </section>
          <section className={styles.panel} aria-labelledby="micro-defaults">
            <div className={styles.sectionHead}>
              <h2 id="micro-defaults" className={styles.heading}>
                {t('admin.micro.defaults')}
              </h2>
              <Button
                size="small"
                onClick={() => setDialog({ kind: 'defaults' })}
                data-testid="micro-defaults-edit"
              >
                {t('admin.micro.edit')}
              </Button>
            </div>
            <p className={styles.help}>{t('admin.micro.defaultsHelp')}</p>
            <Options options={view.default_options} testId="micro-defaults" />
          </section>
          <section className={styles.panel} aria-labelledby="micro-pairs">
            <h2 id="micro-pairs" className={styles.heading}>
              {t('admin.micro.pairs')}
            </h2>
            <Pairs
              pairs={view.pairs}
              currencies={view.currencies}
              onOptions={(pair) => setDialog({ kind: 'options', pair })}
              onCap={(pair) => setDialog({ kind: 'cap', pair })}
            />
          </section>
          <section className={styles.panel} aria-labelledby="micro-guard">
            <h2 id="micro-guard" className={styles.heading}>
              {t('admin.micro.guard')}
            </h2>
            <p className={styles.help}>{t('admin.micro.guardText')}</p>
            <Guards
              pairs={view.pairs}
              currencies={view.currencies}
              onEdit={(pair) => setDialog({ kind: 'guard', pair })}
            />
          </section>
        </>
      )}
      {dialog?.kind === 'fund' && <MicroFundDialog house={dialog.house} onClose={close} />}
      {dialog?.kind === 'currency' && (
        <MicroCurrencyDialog currency={dialog.currency} enable={dialog.enable} onClose={close} />
      )}
      {dialog?.kind === 'defaults' && view && (
        <MicroOptionsDialog defaults={view.default_options} onClose={close} />
      )}
      {dialog?.kind === 'options' && view && (
        <MicroOptionsDialog pair={dialog.pair} defaults={view.default_options} onClose={close} />
      )}
      {dialog?.kind === 'cap' && view && (
        <MicroCapDialog
          pair={dialog.pair}
          currencies={capCurrencies(view.currencies, dialog.pair)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'guard' && view && (
        <MicroGuardDialog
          pair={view.pairs.find((p) => p.id === dialog.pair.id) ?? dialog.pair}
          currencies={view.currencies}
          onClose={close}
        />
      )}
    </AdminShell>
  );
}

/** Currencies a cap can be set in: the enabled ones and any the pair already has a cap in. */
function capCurrencies(currencies: readonly MicroCurrencyRow[], pair: MicroPairRow) {
  return currencies.filter(
    (c) => c.enabled === 1 || pair.caps.some((cap) => cap.currency_id === c.id),
  );
}

function Options({ options, testId }: { options: readonly MicroSecondsOption[]; testId: string }) {
  const optionText = useOptionText();
  return (
    <span className={styles.options} data-testid={testId}>
      {options.map((o) => (
        <Tag key={o.seconds} className={styles.option}>
          {optionText(o)}
        </Tag>
      ))}
    </span>
  );
}

function House({
  rows,
  onFund,
}: {
  rows: readonly MicroHouseRow[];
  onFund: (house: MicroHouseRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <HouseTable
      product="micro"
      rows={rows}
      amounts={[
        {
          key: 'balance',
          title: t('admin.micro.col.balance'),
          value: (h) => h.balance,
          testId: 'micro-house-balance',
        },
        {
          key: 'exposure',
          title: t('admin.micro.col.exposure'),
          value: (h) => h.exposure,
          testId: 'micro-house-exposure',
        },
        {
          key: 'free',
          title: t('admin.micro.col.free'),
          value: (h) => freeBalance(h.balance, h.exposure),
          testId: 'micro-house-free',
        },
      ]}
      onFund={onFund}
      label={t('admin.micro.house')}
      empty={t('admin.micro.noHouse')}
      minWidth={640}
      testId="micro-house"
      rowTestId={(h) => `micro-house-${h.currency}`}
    />
  );
}

function Currencies({
  currencies,
  onEdit,
}: {
  currencies: readonly MicroCurrencyRow[];
  onEdit: (currency: MicroCurrencyRow) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const percent = usePercentText();
  const columns: TableColumn<MicroCurrencyRow>[] = [
    { key: 'code', title: t('admin.micro.col.currency'), render: (c) => <b>{c.code}</b> },
    {
      key: 'enabled',
      title: t('admin.micro.col.enabled'),
      render: (c) => (
        <Tag color={c.enabled === 1 ? 'green' : undefined} data-testid="micro-currency-state">
          {t(c.enabled === 1 ? 'admin.micro.on' : 'admin.micro.off')}
        </Tag>
      ),
    },
    {
      key: 'presets',
      title: t('admin.micro.col.presets'),
      render: (c) => (
        <span data-testid="micro-currency-presets-cell">
          {c.micro_numbers.length === 0
            ? '—'
            : c.micro_numbers.map((n) => format.amount(n)).join(' · ')}
        </span>
      ),
    },
    {
      key: 'min',
      title: t('admin.micro.col.min'),
      align: 'right',
      render: (c) => (
        <span data-testid="micro-currency-min">{unset(c) ? '—' : format.amount(c.min_number)}</span>
      ),
    },
    {
      key: 'max',
      title: t('admin.micro.col.max'),
      align: 'right',
      render: (c) => (
        <span data-testid="micro-currency-max">{unset(c) ? '—' : format.amount(c.max_number)}</span>
      ),
    },
    {
      key: 'fee',
      title: t('admin.micro.col.fee'),
      align: 'right',
      render: (c) => (
        <span data-testid="micro-currency-fee">{unset(c) ? '—' : percent(c.fee_rate)}</span>
      ),
    },
    {
      key: 'cap',
      title: t('admin.micro.col.defaultCap'),
      align: 'right',
      render: (c) => (
        <span data-testid="micro-currency-cap">
          {unset(c) ? '—' : format.amount(c.default_cap)}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (c) => (
        <Button
          size="small"
          type={c.enabled === 1 ? 'default' : 'primary'}
          ghost={c.enabled !== 1}
          onClick={() => onEdit(c)}
          data-testid="micro-currency-edit"
        >
          {t(c.enabled === 1 ? 'admin.micro.edit' : 'admin.micro.enable')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={currencies}
      rowKey={(c) => c.id}
      rowProps={(c) => ({ 'data-testid': `micro-currency-${c.code}` })}
      label={t('admin.micro.currencies')}
      empty={t('admin.micro.noStake')}
      layout="cards"
      minWidth={860}
      testId="micro-currencies"
    />
  );
}

/** Currencies never set up for micro trade: one button each opens the dialog that enables it. */
function OtherCurrencies({
  currencies,
  onEnable,
}: {
  currencies: readonly MicroCurrencyRow[];
  onEnable: (currency: MicroCurrencyRow) => void;
}) {
  const { t } = useTranslation();
  if (currencies.length === 0) return null;
  return (
    <div className={styles.others} data-testid="micro-currency-others">
      <span className={styles.muted}>{t('admin.micro.otherCurrencies')}</span>
      {currencies.map((c) => (
        <Button
          key={c.id}
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onEnable(c)}
          aria-label={t('admin.micro.enableCoin', { coin: c.code })}
          data-testid={`micro-currency-enable-${c.code}`}
        >
          {c.code}
        </Button>
      ))}
    </div>
  );
}

function Pairs({
  pairs,
  currencies,
  onOptions,
  onCap,
}: {
  pairs: readonly MicroPairRow[];
  currencies: readonly MicroCurrencyRow[];
  onOptions: (pair: MicroPairRow) => void;
  onCap: (pair: MicroPairRow) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const columns: TableColumn<MicroPairRow>[] = [
    { key: 'symbol', title: t('admin.micro.col.symbol'), render: (p) => <b>{p.symbol}</b> },
    {
      key: 'open',
      title: t('admin.micro.col.open'),
      render: (p) => <OpenSwitch pair={p} />,
    },
    {
      key: 'options',
      title: t('admin.micro.col.options'),
      render: (p) =>
        p.own ? (
          <Options options={p.options} testId="micro-pair-options" />
        ) : (
          <Tag data-testid="micro-pair-options">{t('admin.micro.default')}</Tag>
        ),
    },
    {
      key: 'caps',
      title: t('admin.micro.col.caps'),
      render: (p) => <Caps pair={p} currencies={currencies} />,
    },
    {
      key: 'orders',
      title: t('admin.micro.col.openOrders'),
      align: 'right',
      render: (p) => (
        <span data-testid="micro-pair-orders">{format.amount(String(p.open_orders))}</span>
      ),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (p) => (
        <span className={styles.actions}>
          <Button size="small" onClick={() => onOptions(p)} data-testid="micro-pair-edit">
            {t('admin.micro.editOptions')}
          </Button>
          <Button size="small" onClick={() => onCap(p)} data-testid="micro-pair-cap">
            {t('admin.micro.editCap')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={pairs}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': `micro-pair-${p.id}` })}
      label={t('admin.micro.pairs')}
      empty={t('admin.micro.noPairs')}
      layout="cards"
      minWidth={980}
      testId="micro-pairs"
    />
  );
}

/** Opens or closes micro trade on a pair at once (new orders only; open ones still settle). */
function OpenSwitch({ pair }: { pair: MicroPairRow }) {
  const { t } = useTranslation();
  const save = useMicroPair();
  async function toggle(open: boolean) {
    try {
      await save.mutateAsync({ match_id: pair.id, open_microtrade: open ? 1 : 0 });
      toastSuccess(t(open ? 'admin.micro.opened' : 'admin.micro.closed', { symbol: pair.symbol }));
    } catch {
      // The api client has shown the server's message.
    }
  }
  return (
    <Switch
      size="small"
      checked={pair.open_microtrade === 1}
      loading={save.isPending}
      onChange={(open) => void toggle(open)}
      aria-label={t('admin.micro.openLabel', { symbol: pair.symbol })}
      data-testid="micro-pair-open"
    />
  );
}

/**
 * A pair's cap in each stake currency: its own, or (muted) the currency's default cap that
 * applies without one.
 */
function Caps({
  pair,
  currencies,
}: {
  pair: MicroPairRow;
  currencies: readonly MicroCurrencyRow[];
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const codeOf = (id: number) => currencies.find((c) => c.id === id)?.code ?? `#${id}`;
  const lines = [
    ...pair.caps.map((c) => ({
      id: c.currency_id,
      code: codeOf(c.currency_id),
      cap: c.exposure_cap,
      own: true,
    })),
    ...currencies
      .filter((c) => c.enabled === 1 && !pair.caps.some((cap) => cap.currency_id === c.id))
      .map((c) => ({ id: c.id, code: c.code, cap: c.default_cap, own: false })),
  ];
  if (lines.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.caps} data-testid="micro-pair-caps">
      {lines.map((line) => (
        <span
          key={line.id}
          className={line.own ? undefined : styles.muted}
          data-testid={`micro-pair-cap-${line.code}`}
        >
          {line.own
            ? `${format.amount(line.cap)} ${line.code}`
            : t('admin.micro.defaultCap', { cap: format.amount(line.cap), coin: line.code })}
        </span>
      ))}
    </span>
  );
}

/** A currency whose stakes the pair's book prices (else its cost and bound are 0: muted). */
function priced(m: MicroPairRow['manipulation'][number]): boolean {
  return !isZeroDecimal(m.cost) || !isZeroDecimal(m.exposure);
}

/** One line per stake currency of a pair's manipulation figures, in the same order in each cell. */
function PerCurrency({
  pair,
  currencies,
  value,
  testId,
}: {
  pair: MicroPairRow;
  currencies: readonly MicroCurrencyRow[];
  value: (row: MicroPairRow['manipulation'][number]) => {
    text: string;
    className?: string;
    title?: string;
  };
  testId: string;
}) {
  const format = useNumberFormat();
  if (pair.manipulation.length === 0) return <span className={styles.muted}>—</span>;
  const codeOf = (id: number) => currencies.find((c) => c.id === id)?.code ?? `#${String(id)}`;
  return (
    <span className={styles.caps}>
      {pair.manipulation.map((m) => {
        const code = codeOf(m.currency_id);
        const shown = value(m);
        return (
          <span
            key={m.currency_id}
            className={shown.className}
            title={shown.title}
            data-testid={`${testId}-${code}`}
            data-value={shown.text}
          >
            {format.amount(shown.text)} {code}
          </span>
        );
      })}
    </span>
  );
}

/**
 * Each pair's index guard (minimum trades and volume, multiple) and, per stake currency, what
 * deciding its index costs on the book now, the bound the house accepts for it (cost ÷ multiple)
 * and its exposure over every open expiry.
 */
function Guards({
  pairs,
  currencies,
  onEdit,
}: {
  pairs: readonly MicroPairRow[];
  currencies: readonly MicroCurrencyRow[];
  onEdit: (pair: MicroPairRow) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const columns: TableColumn<MicroPairRow>[] = [
    { key: 'symbol', title: t('admin.micro.col.symbol'), render: (p) => <b>{p.symbol}</b> },
    {
      key: 'minTrades',
      title: t('admin.micro.col.minTrades'),
      align: 'right',
      render: (p) => (
        <span data-testid="micro-pair-min-trades">{format.amount(String(p.index_min_trades))}</span>
      ),
    },
    {
      key: 'minVolume',
      title: t('admin.micro.col.minVolume'),
      align: 'right',
      render: (p) => (
        <span data-testid="micro-pair-min-volume">
          {format.amount(p.index_min_volume)} {baseOf(p.symbol)}
        </span>
      ),
    },
    {
      key: 'multiple',
      title: t('admin.micro.col.multiple'),
      align: 'right',
      render: (p) => (
        <span data-testid="micro-pair-multiple">{format.amount(p.manipulation_multiple)}</span>
      ),
    },
    {
      key: 'cost',
      title: t('admin.micro.col.cost'),
      align: 'right',
      render: (p) => (
        <PerCurrency
          pair={p}
          currencies={currencies}
          value={(m) => ({ text: m.cost, className: priced(m) ? undefined : styles.muted })}
          testId="micro-pair-cost"
        />
      ),
    },
    {
      key: 'bound',
      title: t('admin.micro.col.bound'),
      align: 'right',
      render: (p) => (
        <PerCurrency
          pair={p}
          currencies={currencies}
          value={(m) => ({ text: m.bound, className: priced(m) ? undefined : styles.muted })}
          testId="micro-pair-bound"
        />
      ),
    },
    {
      key: 'exposure',
      title: t('admin.micro.col.pairExposure'),
      align: 'right',
      render: (p) => (
        <PerCurrency
          pair={p}
          currencies={currencies}
          value={(m) =>
            aboveBound(m)
              ? { text: m.exposure, className: 'down', title: t('admin.micro.aboveBound') }
              : { text: m.exposure, className: priced(m) ? undefined : styles.muted }
          }
          testId="micro-pair-exposure"
        />
      ),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (p) => (
        <Button size="small" onClick={() => onEdit(p)} data-testid="micro-guard-edit">
          {t('admin.micro.editGuard')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={pairs}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': `micro-guard-row-${p.id}` })}
      label={t('admin.micro.guard')}
      empty={t('admin.micro.noPairs')}
      layout="cards"
      minWidth={900}
      testId="micro-guards"
    />
  );
}
