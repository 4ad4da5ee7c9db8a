import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { EmptyBlock } from './query-states';
import styles from './table.module.css';

export interface Column<T> {
  key: string;
  title: ReactNode;
  align?: 'right';
  render: (row: T) => ReactNode;
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
 * A plain table (antd's Table would double the size of the antd chunk for these lists); it scrolls
 * sideways on a phone.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  testId,
  rowTestId,
  minWidth = 640,
}: Props<T>) {
  const alignOf = (c: Column<T>) => (c.align === 'right' ? styles.right : undefined);
  return (
    <Spin spinning={loading}>
      <div className={styles.scroller}>
        <table className={styles.table} style={{ minWidth }} data-testid={testId}>
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
      {rows.length === 0 && !loading && <EmptyBlock text={empty} testId={`${testId}-empty`} />}
    </Spin>
  );
}
