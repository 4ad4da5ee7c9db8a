import type { CALLS, CallResponse } from '@exchange/contract';
import { Button, Input, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useLeverLiquidations, useLeverOverview, useLeverStopOut } from '../api/lever';
import { AdminShell } from '../components/admin-shell';
import { HouseTable } from '../components/house-table';
import { LeverFundDialog, type LeverAccount } from '../components/lever-fund-dialog';
import { LeverPairDialog, type LeverPairRow } from '../components/lever-pair-dialog';
import { checkStopOut, coverRatio } from '../lib/lever-input';
import styles from './lever-page.module.css';

type Overview = CallResponse<typeof CALLS.adminLeverOverview>;
type AccountRow = Overview['accounts'][number];
type Liquidation = CallResponse<typeof CALLS.adminLeverLiquidations>['data'][number];

/**
 * /admin/lever: the leverage desk. The stop-out level, each quote currency's house and insurance
 * accounts against what the house owes, every pair's lever terms, and the liquidations.
 */
export function LeverAdminPage() {
  const { t } = useTranslation();
  const overview = useLeverOverview();
  const view = overview.data;
  const [fund, setFund] = useState<{ currency: string; account: LeverAccount } | null>(null);
  const [edit, setEdit] = useState<LeverPairRow | null>(null);
  return (
    <AdminShell section="lever">
      {overview.isError && !view ? (
        <section className={styles.panel} data-testid="lever-error">
          <Result
            status="warning"
            title={t('admin.lever.error')}
            subTitle={overview.error.message}
            extra={
              <Button type="primary" onClick={() => void overview.refetch()}>
                {t('admin.list.retry')}
              </Button>
            }
          />
        </section>
      ) : !view ? (
        <section className={styles.panel}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      ) : (
        <>
          <section className={styles.panel} aria-labelledby="lever-desk">
            <div className={styles.sectionHead}>
              <h2 id="lever-desk" className={styles.heading}>
                {t('admin.lever.desk')}
              </h2>
              <StopOutForm key={view.stop_out_level} level={view.stop_out_level} />
            </div>
            <Accounts
              accounts={view.accounts}
              onFund={(currency) => setFund({ currency, account: 'house' })}
            />
          </section>
          <section className={styles.panel} aria-labelledby="lever-pairs">
            <h2 id="lever-pairs" className={styles.heading}>
              {t('admin.lever.pairs')}
            </h2>
            <Pairs pairs={view.pairs} onEdit={setEdit} />
          </section>
          <section className={styles.panel} aria-labelledby="lever-marks">
            <h2 id="lever-marks" className={styles.heading}>
              {t('admin.lever.marks')}
            </h2>
            <p className={styles.marksHelp}>{t('admin.lever.marksHelp')}</p>
            <Marks pairs={view.pairs} onEdit={setEdit} />
          </section>
        </>
      )}
      <section className={styles.panel} aria-labelledby="lever-liquidations">
        <h2 id="lever-liquidations" className={styles.heading}>
          {t('admin.lever.liquidations')}
        </h2>
        <Liquidations />
      </section>
      {fund && (
        <LeverFundDialog
          currency={fund.currency}
          account={fund.account}
          onClose={() => setFund(null)}
        />
      )}
      {edit && <LeverPairDialog pair={edit} onClose={() => setEdit(null)} />}
    </AdminShell>
  );
}

function StopOutForm({ level }: { level: string }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const save = useLeverStopOut();
  const [draft, setDraft] = useState(String(Number(level)));
  const [touched, setTouched] = useState(false);
  const problem = checkStopOut(draft);
  const unchanged = problem === null && Number(draft.trim()) === Number(level);
  const showProblem = problem !== null && (touched || draft !== String(Number(level)));

  async function submit() {
    setTouched(true);
    if (problem) return;
    try {
      const saved = await save.mutateAsync({ level: draft.trim() });
      toastSuccess(t('admin.lever.stopOutSaved', { level: format.percent(saved.stop_out_level) }));
    } catch {
      // The api client has shown the server's message.
    }
  }

  return (
    <form
      className={styles.stopOut}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="lever-stop-out"
    >
      <div className={styles.stopOutText}>
        <label htmlFor="lever-stop-out-input" className={styles.label}>
          {t('admin.lever.stopOut')}
        </label>
        <span className={styles.value} data-testid="lever-stop-out-value">
          {format.percent(level)}
        </span>
      </div>
      <div className={styles.controls}>
        <Input
          id="lever-stop-out-input"
          inputMode="decimal"
          autoComplete="off"
          maxLength={8}
          suffix="%"
          value={draft}
          status={showProblem ? 'error' : undefined}
          aria-invalid={showProblem}
          aria-describedby="lever-stop-out-help"
          onChange={(event) => setDraft(event.target.value)}
          className={styles.stopOutInput}
          data-testid="lever-stop-out-input"
        />
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          disabled={unchanged}
          data-testid="lever-stop-out-save"
        >
          {t('admin.lever.save')}
        </Button>
      </div>
      <div
        id="lever-stop-out-help"
        className={showProblem ? styles.problem : styles.help}
        role={showProblem ? 'alert' : undefined}
        data-testid="lever-stop-out-help"
      >
        {showProblem && problem
          ? t(`admin.lever.problem.${problem}`)
          : t('admin.lever.stopOutHelp')}
      </div>
    </form>
  );
}

function Accounts({
  accounts,
  onFund,
}: {
  accounts: readonly AccountRow[];
  onFund: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const more: TableColumn<AccountRow>[] = [
    {
      key: 'cover',
      title: t('admin.lever.col.cover'),
      align: 'right',
      render: (a) => {
        const ratio = coverRatio(a.house, a.exposure);
        return (
          <span
            data-testid="lever-cover"
            className={ratio !== null && Number(ratio) < 100 ? styles.problem : undefined}
          >
            {ratio === null ? '—' : format.percent(ratio)}
          </span>
        );
      },
    },
    {
      key: 'open',
      title: t('admin.lever.col.openPositions'),
      align: 'right',
      render: (a) => a.open_positions,
    },
  ];
  return (
    <HouseTable
      product="lever"
      rows={accounts}
      amounts={[
        {
          key: 'house',
          title: t('admin.lever.account.house'),
          value: (a) => a.house,
          testId: 'lever-house',
        },
        {
          key: 'insurance',
          title: t('admin.lever.account.insurance'),
          value: (a) => a.insurance,
          testId: 'lever-insurance',
        },
        {
          key: 'exposure',
          title: t('admin.lever.col.exposure'),
          value: (a) => a.exposure,
          testId: 'lever-exposure',
        },
      ]}
      more={more}
      onFund={(a) => onFund(a.currency)}
      label={t('admin.lever.desk')}
      empty={t('admin.lever.noAccounts')}
      minWidth={720}
      testId="lever-accounts"
      rowTestId={(a) => `lever-account-${a.currency}`}
    />
  );
}

function Pairs({
  pairs,
  onEdit,
}: {
  pairs: readonly LeverPairRow[];
  onEdit: (pair: LeverPairRow) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const columns: TableColumn<LeverPairRow>[] = [
    { key: 'symbol', title: t('admin.lever.col.symbol'), render: (p) => <b>{p.symbol}</b> },
    {
      key: 'open',
      title: t('admin.lever.col.open_lever'),
      render: (p) => (
        <Tag color={p.open_lever === 1 ? 'green' : undefined} data-testid="lever-pair-open">
          {t(p.open_lever === 1 ? 'admin.lever.yes' : 'admin.lever.no')}
        </Tag>
      ),
    },
    {
      key: 'point',
      title: t('admin.lever.col.lever_point_rate'),
      align: 'right',
      render: (p) => format.amount(p.lever_point_rate),
    },
    {
      key: 'share',
      title: t('admin.lever.col.lever_share_num'),
      align: 'right',
      render: (p) => format.amount(p.lever_share_num),
    },
    {
      key: 'fee',
      title: t('admin.lever.col.lever_fee_rate'),
      align: 'right',
      render: (p) => format.amount(p.lever_fee_rate),
    },
    {
      key: 'multiples',
      title: t('admin.lever.col.multiples'),
      render: (p) => (
        <span data-testid="lever-pair-multiples">
          {p.multiples.length === 0 ? '—' : p.multiples.map((m) => `${m}×`).join(' ')}
        </span>
      ),
    },
    {
      key: 'hands',
      title: t('admin.lever.col.hands'),
      align: 'right',
      render: (p) => `${p.min_share} – ${p.max_share}`,
    },
    {
      key: 'overnight',
      title: t('admin.lever.col.overnight_rate'),
      align: 'right',
      render: (p) => format.amount(p.overnight_rate),
    },
    {
      key: 'interest',
      title: t('admin.lever.col.max_open_interest'),
      align: 'right',
      render: (p) =>
        p.max_open_interest === 0
          ? t('admin.lever.noLimit')
          : format.amount(String(p.max_open_interest)),
    },
    {
      key: 'openHands',
      title: t('admin.lever.col.open_hands'),
      align: 'right',
      render: (p) => format.amount(String(p.open_hands)),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      render: (p) => (
        <Button size="small" onClick={() => onEdit(p)} data-testid="lever-pair-edit">
          {t('admin.lever.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={pairs}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': `lever-pair-${p.id}` })}
      label={t('admin.lever.pairs')}
      empty={t('admin.lever.noPairs')}
      layout="scroll"
      minWidth={1040}
      testId="lever-pairs"
    />
  );
}

/**
 * Each pair's mark now: its status (thin: nothing opens, closes, stops or liquidates), the mark
 * and the average it is held to, the quote amounts within the band on each side, and the settings
 * they are judged by (edited in the pair's dialog).
 */
function Marks({
  pairs,
  onEdit,
}: {
  pairs: readonly LeverPairRow[];
  onEdit: (pair: LeverPairRow) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const price = (value: string | null, decimals: number) =>
    value === null ? '—' : format.price(value, decimals);
  const columns: TableColumn<LeverPairRow>[] = [
    { key: 'symbol', title: t('admin.lever.col.symbol'), render: (p) => <b>{p.symbol}</b> },
    {
      key: 'status',
      title: t('admin.lever.col.mark_status'),
      render: (p) => (
        <Tag color={p.mark_status === 'ok' ? 'green' : 'orange'} data-testid="lever-mark-status">
          {t(`admin.lever.markStatus.${p.mark_status}`)}
        </Tag>
      ),
    },
    {
      key: 'mark',
      title: t('admin.lever.col.mark_price'),
      align: 'right',
      render: (p) => (
        <span data-testid="lever-mark-price">{price(p.mark_price, p.price_decimals)}</span>
      ),
    },
    {
      key: 'average',
      title: t('admin.lever.col.mark_average'),
      align: 'right',
      render: (p) => price(p.mark_average, p.price_decimals),
    },
    {
      key: 'bid',
      title: t('admin.lever.col.bid_depth'),
      align: 'right',
      render: (p) => format.amount(p.bid_depth),
    },
    {
      key: 'ask',
      title: t('admin.lever.col.ask_depth'),
      align: 'right',
      render: (p) => format.amount(p.ask_depth),
    },
    {
      key: 'minDepth',
      title: t('admin.lever.col.mark_min_depth'),
      align: 'right',
      render: (p) => format.amount(p.mark_min_depth),
    },
    {
      key: 'band',
      title: t('admin.lever.col.mark_band'),
      align: 'right',
      render: (p) => format.amount(p.mark_band),
    },
    {
      key: 'window',
      title: t('admin.lever.col.mark_window_s'),
      align: 'right',
      render: (p) => p.mark_window_s,
    },
    {
      key: 'multiple',
      title: t('admin.lever.col.manipulation_multiple'),
      align: 'right',
      render: (p) => format.amount(p.manipulation_multiple),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      render: (p) => (
        <Button size="small" onClick={() => onEdit(p)} data-testid="lever-mark-edit">
          {t('admin.lever.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={pairs}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': `lever-mark-${p.id}` })}
      label={t('admin.lever.marks')}
      empty={t('admin.lever.noPairs')}
      layout="scroll"
      minWidth={1040}
      testId="lever-marks"
    />
  );
}

function Liquidations() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [page, setPage] = useState(1);
  const list = useLeverLiquidations(page);
  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('admin.lever.liquidationsError')}
        subTitle={list.error.message}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('admin.list.retry')}
          </Button>
        }
      />
    );
  }
  const columns: TableColumn<Liquidation>[] = [
    {
      key: 'time',
      title: t('admin.lever.col.time'),
      render: (p) => formatDateTime(p.handle_time ?? p.time),
    },
    { key: 'user', title: t('admin.col.user'), render: (p) => p.user.account },
    { key: 'symbol', title: t('admin.lever.col.symbol'), render: (p) => p.symbol },
    {
      key: 'side',
      title: t('admin.lever.col.side'),
      render: (p) => (
        <span className={p.type === 1 ? styles.up : styles.down}>
          {t(p.type === 1 ? 'admin.lever.long' : 'admin.lever.short')}
        </span>
      ),
    },
    { key: 'hands', title: t('admin.lever.col.share'), align: 'right', render: (p) => p.share },
    {
      key: 'price',
      title: t('admin.lever.col.price'),
      align: 'right',
      render: (p) => format.amount(p.price),
    },
    {
      key: 'mark',
      title: t('admin.lever.col.closeMark'),
      align: 'right',
      render: (p) => (p.close_mark_price === null ? '—' : format.amount(p.close_mark_price)),
    },
    {
      key: 'loss',
      title: t('admin.lever.col.loss'),
      align: 'right',
      render: (p) => (
        <span className={Number(p.profits) < 0 ? styles.down : undefined}>
          {format.amount(p.profits)}
        </span>
      ),
    },
    {
      key: 'margin',
      title: t('admin.lever.col.margin'),
      align: 'right',
      render: (p) => format.amount(p.origin_caution_money),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={list.data?.data ?? []}
      rowKey={(p) => p.id}
      label={t('admin.lever.liquidations')}
      empty={t('admin.lever.noLiquidations')}
      loading={list.isFetching && !list.isError}
      layout="scroll"
      minWidth={960}
      testId="lever-liquidations"
      paging={
        list.data
          ? {
              page,
              pageSize: list.data.per_page,
              total: list.data.total,
              onChange: setPage,
              testId: 'lever-liquidations-pager',
            }
          : undefined
      }
    />
  );
}
