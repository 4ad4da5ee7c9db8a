import { AMOUNT_DISPLAY_DECIMALS } from '@exchange/contract';
import type { TFunction } from '../../../shared/i18n/translation';
import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { hasDayData, NO_DAY_DATA } from '../../../shared/market/day-data';
import type { PairRow } from '../lib/pair-filter';
import type { TableColumn } from '../../../shared/ui/table/table';

/** A number cell in tabular figures; "--" when the market has nothing in its last 24 h. */
function Figure({ row, value, decimals, testId }: FigureProps) {
  const format = useNumberFormat();
  return (
    <span className={TABULAR_NUMS} data-testid={testId}>
      {hasDayData(row.match.currency_quotation) ? format.decimal(value, decimals) : NO_DAY_DATA}
    </span>
  );
}

interface FigureProps {
  row: PairRow;
  value: string;
  decimals: number;
  testId?: string;
}

/** The 24 h high, low and volume columns both market tables show on wide screens (not sortable). */
export function statColumns(t: TFunction): TableColumn<PairRow>[] {
  return [
    {
      key: 'high',
      title: t('markets.col.high'),
      align: 'right',
      width: 150,
      render: (row) => (
        <Figure
          row={row}
          value={row.match.currency_quotation.high}
          decimals={row.match.price_decimals}
        />
      ),
    },
    {
      key: 'low',
      title: t('markets.col.low'),
      align: 'right',
      width: 150,
      render: (row) => (
        <Figure
          row={row}
          value={row.match.currency_quotation.low}
          decimals={row.match.price_decimals}
        />
      ),
    },
    {
      key: 'volume',
      title: t('markets.col.volume'),
      align: 'right',
      width: 170,
      render: (row) => (
        <Figure
          row={row}
          value={row.match.currency_quotation.volume}
          decimals={AMOUNT_DISPLAY_DECIMALS}
          testId="pair-volume"
        />
      ),
    },
  ];
}
