import { Spin } from 'antd';
import type { ReactNode } from 'react';
import plain from '../../../shared/ui/plain-table.module.css';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { EmptyBlock } from './query-states';
import styles from './table.module.css';

export interface Column<T> {
  key: string;
  title: ReactNode;
  align?: 'right';
  render: (row: T) => ReactNode;
  /**
   * On a phone each row is a card: the first column heads it, `foot` columns (actions) end it
   * without a label, the others are label–value lines.
   */
  card?: 'foot';
}

interface Props<T> {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Fetching another page: the rows stay while a spinner covers them. */
  loading?: boolean;
  empty: string;
  testId: string;
  rowTestId: string;
  /** Below this width the table scrolls sideways inside its box instead of squeezing. */
  minWidth?: number;
}

/**
 * A plain table (antd's Table would double the size of the antd chunk for these lists); on a phone
 * the rows become cards, so no column hides beyond the screen's edge.
 */
export function DataTable<T>(props: Props<T>) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const { rows, loading = false, empty, testId } = props;
  return (
    <Spin spinning={loading}>
      {narrow ? <Cards {...props} /> : <Table {...props} />}
      {rows.length === 0 && !loading && <EmptyBlock text={empty} testId={`${testId}-empty`} />}
    </Spin>
  );
}

function Table<T>({ columns, rows, rowKey, testId, rowTestId, minWidth = 640 }: Props<T>) {
  const alignOf = (c: Column<T>) => (c.align === 'right' ? styles.right : undefined);
  return (
    <div className={styles.scroller}>
      <table className={`${plain.table} ${styles.table}`} style={{ minWidth }} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={alignOf(c)} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={styles.row} data-testid={rowTestId}>
              {columns.map((c) => (
                <td key={c.key} className={alignOf(c)}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards<T>({ columns, rows, rowKey, testId, rowTestId }: Props<T>) {
  const [head, ...rest] = columns;
  const lines = rest.filter((c) => c.card !== 'foot');
  const feet = rest.filter((c) => c.card === 'foot');
  return (
    <ul className={styles.cards} data-testid={testId}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={styles.card} data-testid={rowTestId}>
          {head && <div className={styles.cardHead}>{head.render(row)}</div>}
          <dl className={styles.cardLines}>
            {lines.map((c) => (
              <div key={c.key} className={styles.cardLine}>
                <dt>{c.title}</dt>
                <dd>{c.render(row)}</dd>
              </div>
            ))}
          </dl>
          {feet.length > 0 && (
            <div className={styles.cardFoot}>
              {feet.map((c) => (
                <span key={c.key}>{c.render(row)}</span>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
