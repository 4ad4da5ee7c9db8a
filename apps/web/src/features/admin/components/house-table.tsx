import { Button } from 'antd';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { Table, type TableColumn } from '../../../shared/ui/table/table';

/** A currency the house holds money in, for one product. */
interface HouseRow {
  currency_id: number;
  currency: string;
}

/** An amount column: a decimal string of the row, formatted, in a span with a test id. */
export interface HouseAmount<Row> {
  key: string;
  title: string;
  value: (row: Row) => string;
  testId: string;
}

interface Props<Row extends HouseRow> {
  /** The product whose desk this is: texts `admin.<product>.…`, test ids `<product>-…`. */
  product: 'lever' | 'micro';
  rows: readonly Row[];
  /** The amounts after the currency (balances, what the house owes, …), in order. */
  amounts: readonly HouseAmount<Row>[];
  /** Further columns after the amounts (a ratio, a count), before the fund button. */
  more?: readonly TableColumn<Row>[];
  onFund: (row: Row) => void;
  /** The table's accessible name and its text when there is no row. */
  label: string;
  empty: string;
  minWidth: number;
  testId: string;
  rowTestId: (row: Row) => string;
}

/**
 * The house of a product per currency, against what it owes: one row a currency, its amounts,
 * and a button that opens the dialog funding (or drawing) it. Cards on a phone.
 */
export function HouseTable<Row extends HouseRow>(props: Props<Row>) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { product } = props;
  const columns: TableColumn<Row>[] = [
    {
      key: 'currency',
      title: t(`admin.${product}.col.currency`),
      render: (row) => <b>{row.currency}</b>,
    },
    ...props.amounts.map((amount): TableColumn<Row> => ({
      key: amount.key,
      title: amount.title,
      align: 'right',
      render: (row) => <span data-testid={amount.testId}>{format.amount(amount.value(row))}</span>,
    })),
    ...(props.more ?? []),
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (row) => (
        <Button size="small" onClick={() => props.onFund(row)} data-testid={`${product}-fund-open`}>
          {t(`admin.${product}.fund`)}
        </Button>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.currency_id}
      rowProps={(row) => ({ 'data-testid': props.rowTestId(row) })}
      label={props.label}
      empty={props.empty}
      layout="cards"
      minWidth={props.minWidth}
      testId={props.testId}
    />
  );
}
