import { ORDER_LABELS } from '@exchange/contract';
import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { usePreferences } from '../../../shared/store/preferences';
import { toastSuccess } from '../../../shared/ui/toast';
import { useCancelOrder } from '../api/cancel-order';
import { executedText, orderTime } from '../lib/display';
import { orderPriceText } from '../lib/order-price';
import type { HistoryTab } from '../lib/order-push';
import type { SpotOrder } from '@exchange/contract';
import type { TableColumn } from '../../../shared/ui/table/table';

type Decimals = (pairId: number) => { price: number; qty: number };

/**
 * Columns of spec 2 §2: time, pair, direction, price, amount, executed amount, then cancel for
 * open orders, or executed total and status for finished ones. The lists come newest created
 * first (and new orders join at the top), so the time shown is the creation time (created_at,
 * without the year) and the header says so. A market order's price is its average fill price.
 */
export function useOrderColumns(tab: HistoryTab, decimalsOf: Decimals): TableColumn<SpotOrder>[] {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const lang = usePreferences((s) => s.lang);
  const labels = ORDER_LABELS[lang];
  const cancel = useCancelOrder();

  const columns: TableColumn<SpotOrder>[] = [
    {
      key: 'time',
      title: `${t('trade.history.created')} (${t('trade.chart.zone')})`,
      render: (o) => (
        <span className="num" data-testid={`created-${String(o.id)}`}>
          {orderTime(o.created_at)}
        </span>
      ),
    },
    { key: 'pair', title: t('trade.history.pair'), render: (o) => o.currency_match.symbol },
    {
      key: 'way',
      title: t('trade.history.direction'),
      render: (o) => <span className={o.way === 1 ? 'up' : 'down'}>{labels.way[o.way]}</span>,
    },
    {
      key: 'price',
      title: t('trade.history.price'),
      align: 'right',
      render: (o) => (
        <span className="num" data-testid={`price-${String(o.id)}`}>
          {orderPriceText(o, decimalsOf(o.currency_match_id).price, format)}
        </span>
      ),
    },
    {
      key: 'number',
      title: t('trade.history.amount'),
      align: 'right',
      render: (o) => format.quantity(o.number, decimalsOf(o.currency_match_id).qty),
    },
    {
      key: 'executed',
      title: t('trade.history.executed'),
      align: 'right',
      render: (o) => (
        <span data-testid={`executed-${String(o.id)}`}>
          {executedText(format, o.transacted_amount, decimalsOf(o.currency_match_id).qty)}
        </span>
      ),
    },
  ];

  if (tab === 'history') {
    columns.push(
      {
        key: 'volume',
        title: t('trade.history.total'),
        align: 'right',
        render: (o) => executedText(format, o.transacted_volume, 6),
      },
      {
        key: 'status',
        title: t('trade.history.status'),
        render: (o) => labels.status[o.status],
      },
    );
  } else {
    columns.push({
      key: 'operation',
      title: t('trade.history.operation'),
      align: 'right',
      render: (o) => (
        <Button
          type="link"
          size="small"
          danger
          loading={cancel.isPending && cancel.variables.id === o.id}
          onClick={() =>
            cancel.mutate(o, { onSuccess: () => toastSuccess(t('trade.history.cancelled')) })
          }
          data-testid={`cancel-${String(o.id)}`}
        >
          {t('trade.history.cancel')}
        </Button>
      ),
    });
  }
  return columns;
}
