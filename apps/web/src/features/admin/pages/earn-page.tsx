import { PlusOutlined } from '@ant-design/icons';
import { EARN_PRODUCT_STATUS, type EarnProductAdmin } from '@exchange/contract';
import { Button, Result, Skeleton, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useEarnProducts } from '../api/earn';
import { AdminShell } from '../components/admin-shell';
import { EarnFundDialog } from '../components/earn-fund-dialog';
import { EarnProductDialog } from '../components/earn-product-dialog';
import { EarnStatusDialog } from '../components/earn-status-dialog';
import { decimalsOf, percentOf, statusActions, type StatusAction } from '../lib/earn-input';
// The desks' panel, heading and cell styles (those of the micro desk).
import styles from './micro-page.module.css';
import own from './earn-page.module.css';

/** The dialog on screen, if any. */
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; product: EarnProductAdmin }
  | { kind: 'fund'; product: EarnProductAdmin }
  | { kind: 'status'; product: EarnProductAdmin; action: StatusAction };

const STATUS_NAMES = { 1: 'onSale', 2: 'paused', 3: 'closed' } as const;
const STATUS_COLORS = { 1: 'green', 2: 'gold', 3: undefined } as const;

/**
 * /admin/earn: the earning desk. Every product with its terms, what is sold of its quota, its
 * interest reserve (funded, promised to nobody), the interest it owes and has paid, the
 * principal it holds; creating and editing products (until somebody subscribes), funding or
 * drawing their reserve, pausing, putting on sale and closing them.
 */
export function EarnAdminPage() {
  const { t } = useTranslation();
  const products = useEarnProducts();
  const list = products.data;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  // A dialog shows the product as last read (a change saved by another operator included).
  const fresh = (product: EarnProductAdmin) => list?.find((p) => p.id === product.id) ?? product;

  return (
    <AdminShell section="earn">
      {products.isError && !list ? (
        <section className={styles.panel} data-testid="earn-admin-error">
          <Result
            status="warning"
            title={t('admin.earn.error')}
            subTitle={products.error.message}
            extra={
              <Button type="primary" onClick={() => void products.refetch()}>
                {t('admin.list.retry')}
              </Button>
            }
          />
        </section>
      ) : !list ? (
        <section className={styles.panel} data-testid="earn-admin-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      ) : (
        <section className={styles.panel} aria-labelledby="earn-products">
          <div className={styles.sectionHead}>
            <h2 id="earn-products" className={styles.heading}>
              {t('admin.earn.products')}
            </h2>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="earn-create"
            >
              {t('admin.earn.create')}
            </Button>
          </div>
          <p className={styles.help}>{t('admin.earn.productsHelp')}</p>
          <Products
            products={list}
            onEdit={(product) => setDialog({ kind: 'edit', product })}
            onFund={(product) => setDialog({ kind: 'fund', product })}
            onStatus={(product, action) => setDialog({ kind: 'status', product, action })}
          />
        </section>
      )}
      {dialog?.kind === 'create' && <EarnProductDialog onClose={close} />}
      {dialog?.kind === 'edit' && (
        <EarnProductDialog product={fresh(dialog.product)} onClose={close} />
      )}
      {dialog?.kind === 'fund' && (
        <EarnFundDialog product={fresh(dialog.product)} onClose={close} />
      )}
      {dialog?.kind === 'status' && (
        <EarnStatusDialog product={fresh(dialog.product)} action={dialog.action} onClose={close} />
      )}
    </AdminShell>
  );
}

function Products({
  products,
  onEdit,
  onFund,
  onStatus,
}: {
  products: readonly EarnProductAdmin[];
  onEdit: (product: EarnProductAdmin) => void;
  onFund: (product: EarnProductAdmin) => void;
  onStatus: (product: EarnProductAdmin, action: StatusAction) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const percent = (rate: string) => {
    const pct = percentOf(rate);
    return format.percent(pct, { decimals: decimalsOf(pct) });
  };
  const amount = (
    key: 'reserve' | 'owed' | 'paid' | 'principal',
    title: string,
  ): TableColumn<EarnProductAdmin> => ({
    key,
    title,
    align: 'right',
    render: (p) => (
      <span data-testid={`earn-admin-${key}`} data-value={p[key]}>
        {format.amount(p[key])}
      </span>
    ),
  });
  const limitText = (value: string) =>
    /[1-9]/.test(value) ? format.amount(value) : t('admin.earn.unlimited');

  const columns: TableColumn<EarnProductAdmin>[] = [
    {
      key: 'name',
      title: t('admin.earn.col.name'),
      render: (p) => (
        <span className={styles.caps}>
          <b data-testid="earn-admin-name">{p.name}</b>
          <span className={styles.muted}>#{p.id}</span>
        </span>
      ),
    },
    {
      key: 'currency',
      title: t('admin.earn.col.currency'),
      render: (p) => <span data-testid="earn-admin-currency">{p.currency_code}</span>,
    },
    {
      key: 'days',
      title: t('admin.earn.col.days'),
      align: 'right',
      render: (p) => (
        <span data-testid="earn-admin-days">{t('admin.earn.daysValue', { n: p.days })}</span>
      ),
    },
    {
      key: 'rate',
      title: t('admin.earn.col.rate'),
      align: 'right',
      render: (p) => (
        <span data-testid="earn-admin-rate" data-value={p.rate}>
          {percent(p.rate)}
        </span>
      ),
    },
    {
      key: 'limits',
      title: t('admin.earn.col.limits'),
      align: 'right',
      render: (p) => (
        <span className={styles.caps} data-testid="earn-admin-limits">
          <span>
            {format.amount(p.min_number)} – {limitText(p.max_number)}
          </span>
          <span className={styles.muted}>
            {t('admin.earn.perUser', { max: limitText(p.max_per_user) })}
          </span>
        </span>
      ),
    },
    {
      key: 'sold',
      title: t('admin.earn.col.sold'),
      align: 'right',
      render: (p) => (
        <span data-testid="earn-admin-sold" data-value={p.sold}>
          {format.amount(p.sold)} / {limitText(p.quota)}
        </span>
      ),
    },
    amount('reserve', t('admin.earn.col.reserve')),
    amount('owed', t('admin.earn.col.owed')),
    amount('paid', t('admin.earn.col.paid')),
    amount('principal', t('admin.earn.col.principal')),
    {
      key: 'active',
      title: t('admin.earn.col.active'),
      align: 'right',
      render: (p) => (
        <span
          data-testid="earn-admin-active"
          title={t('admin.earn.subscriptions', { n: p.subscriptions })}
        >
          {format.amount(String(p.active))}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('admin.earn.col.status'),
      render: (p) => (
        <Tag
          className={styles.option}
          color={STATUS_COLORS[p.status]}
          data-testid="earn-admin-status"
          data-status={p.status}
        >
          {t(`admin.earn.status.${STATUS_NAMES[p.status]}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (p) => (
        <span className={`${styles.actions} ${own.actionGrid}`}>
          {p.status !== EARN_PRODUCT_STATUS.closed && (
            <Tooltip title={p.editable ? undefined : t('admin.earn.locked')}>
              <Button
                size="small"
                disabled={!p.editable}
                onClick={() => onEdit(p)}
                data-testid="earn-admin-edit"
              >
                {t('admin.earn.action.edit')}
              </Button>
            </Tooltip>
          )}
          <Button size="small" onClick={() => onFund(p)} data-testid="earn-admin-fund">
            {t('admin.earn.action.fund')}
          </Button>
          {statusActions(p.status).map((action) => (
            <Button
              key={action}
              size="small"
              danger={action === 'close'}
              onClick={() => onStatus(p, action)}
              data-testid={`earn-admin-${action}`}
            >
              {t(`admin.earn.action.${action}`)}
            </Button>
          ))}
        </span>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={products}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': `earn-admin-row-${p.id}` })}
      label={t('admin.earn.products')}
      empty={t('admin.earn.empty')}
      layout="cards"
      minWidth={1300}
      testId="earn-admin-products"
    />
  );
}
