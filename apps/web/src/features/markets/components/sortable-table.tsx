import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { nextSort, type SortOrder, type SortState } from '../lib/next-sort';

export interface TableColumn<Row> {
  key: string;
  title: ReactNode;
  /** Fixed width in px; a column without one takes the rest (`table-layout: fixed`). */
  width?: number;
  align?: 'left' | 'right';
  /** Extra class of the column's header and body cells. */
  className?: string;
  /** Sortable when given; the first click sorts in `firstOrder` (ascending by default). */
  compare?: (a: Row, b: Row) => number;
  firstOrder?: SortOrder;
  render: (row: Row) => ReactNode;
}

interface SortableTableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  empty: ReactNode;
  className?: string;
  /** Accessible name of the table. */
  label: string;
}

function cellClass<Row>(column: TableColumn<Row>): string | undefined {
  const names = [column.align === 'right' ? 'mk-right' : '', column.className ?? ''];
  return names.filter(Boolean).join(' ') || undefined;
}

/**
 * A plain, fixed-layout table for live market rows (no pagination, selection or virtual list:
 * a few dozen rows). Sorting is re-applied on every render, so pushed prices keep the order.
 */
export function SortableTable<Row>(props: SortableTableProps<Row>) {
  const { columns, rows, rowKey, rowProps, empty, className, label } = props;
  const [sort, setSort] = useState<SortState | null>(null);
  const sortColumn = columns.find((c) => c.key === sort?.key);
  const compare = sortColumn?.compare;
  const sorted =
    compare === undefined || sort === null
      ? rows
      : [...rows].sort((a, b) => (sort.order === 'ascend' ? compare(a, b) : compare(b, a)));

  return (
    <div className={`mk-table${className ? ` ${className}` : ''}`}>
      <table aria-label={label}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={c.width === undefined ? undefined : { width: c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((c) => {
              const order = sort?.key === c.key ? sort.order : undefined;
              const align = cellClass(c);
              if (c.compare === undefined) {
                return (
                  <th key={c.key} scope="col" className={align}>
                    {c.title}
                  </th>
                );
              }
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={align}
                  aria-sort={
                    order === undefined ? 'none' : order === 'ascend' ? 'ascending' : 'descending'
                  }
                >
                  <button
                    type="button"
                    className="mk-sort"
                    data-testid={`sort-${c.key}`}
                    onClick={() => setSort(nextSort(sort, c.key, c.firstOrder ?? 'ascend'))}
                  >
                    {c.title}
                    <span className="mk-sort-icons" aria-hidden>
                      <CaretUpFilled className={order === 'ascend' ? 'mk-sort-on' : undefined} />
                      <CaretDownFilled className={order === 'descend' ? 'mk-sort-on' : undefined} />
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="mk-empty-cell">
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={cellClass(c)}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
