import { AMOUNT_DISPLAY_DECIMALS } from '@exchange/contract';
import type { TFunction } from 'i18next';
import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import type { PairRow } from '../lib/pair-filter';
import type { TableColumn } from './sortable-table';

/** A number cell in tabular figures. */
function Figure({ value, decimals, testId }: { value: string; decimals: number; testId?: string }) {
  const format = useNumberFormat();
  return (
    <span className={TABULAR_NUMS} data-testid={testId}>
      {format.decimal(value, decimals)}
    </span>
  );
}

/** The 24 h high, low and volume columns both market tables show on wide screens (not sortable). */
export function statColumns(t: TFunction): TableColumn<PairRow>[] {
  return [
    {
      key: 'high',
      title: t('markets.col.high'),
      align: 'right',
      width: 150,
      render: ({ match }) => (
        <Figure value={match.currency_quotation.high} decimals={match.price_decimals} />
      ),
    },
    {
      key: 'low',
      title: t('markets.col.low'),
      align: 'right',
      width: 150,
      render: ({ match }) => (
        <Figure value={match.currency_quotation.low} decimals={match.price_decimals} />
      ),
    },
    {
      key: 'volume',
      title: t('markets.col.volume'),
      align: 'right',
      width: 170,
      render: ({ match }) => (
        <Figure
          value={match.currency_quotation.volume}
          decimals={AMOUNT_DISPLAY_DECIMALS}
          testId="pair-volume"
        />
      ),
    },
  ];
}
