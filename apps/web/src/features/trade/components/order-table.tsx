import type { SpotOrder } from '@exchange/contract';
import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import plain from '../../../shared/ui/plain-table.module.css';
import styles from './history.module.css';

export interface OrderColumn {
  key: string;
  title: string;
  align?: 'right';
  render: (order: SpotOrder) => ReactNode;
}

interface Props {
  columns: OrderColumn[];
  orders: SpotOrder[];
  loading: boolean;
  empty: string;
  testId: string;
}

/** A plain table of orders (antd's Table would double the size of the antd chunk for this one use). */
export function OrderTable({ columns, orders, loading, empty, testId }: Props) {
  return (
    <div className={styles.scroller}>
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
            {orders.map((order) => (
              <tr key={order.id} className={styles.row} data-testid="order-row">
                {columns.map((c) => (
                  <td key={c.key} className={c.align === 'right' ? styles.right : undefined}>
                    {c.render(order)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {orders.length === 0 && !loading && (
          <Empty
            className={styles.empty}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={empty}
          />
        )}
      </Spin>
    </div>
  );
}
