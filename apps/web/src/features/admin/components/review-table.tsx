import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import plain from '../../../shared/ui/plain-table.module.css';
import styles from './review-table.module.css';

export interface ReviewColumn<T> {
  key: string;
  title: string;
  align?: 'right';
  render: (row: T) => ReactNode;
}

interface Props<T> {
  columns: ReviewColumn<T>[];
  rows: T[];
  loading: boolean;
  empty: string;
  testId: string;
}

/**
 * A plain table of review items (as the trade history: antd's Table is not worth its size here).
 * Below 768 px every row becomes a card of labelled lines, so nothing scrolls sideways.
 */
export function ReviewTable<T extends { id: number }>({
  columns,
  rows,
  loading,
  empty,
  testId,
}: Props<T>) {
  return (
    <Spin spinning={loading}>
      <table className={`${plain.table} ${styles.table}`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.align === 'right' ? styles.right : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={styles.row} data-testid="review-row" data-id={row.id}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-label={c.title}
                  className={c.align === 'right' ? styles.right : undefined}
                >
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && !loading && (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid={`${testId}-empty`}>{empty}</span>}
        />
      )}
    </Spin>
  );
}
