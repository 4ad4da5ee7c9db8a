import { Pagination } from 'antd';
import type { TablePaging } from './table';
import styles from './table.module.css';

/** The pages of a table (only loaded when a table has more than one page). */
export default function TablePager(props: TablePaging) {
  const { page, pageSize, total, onChange, testId, showTotal } = props;
  return (
    <Pagination
      className={styles.pager}
      size="small"
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      showTotal={showTotal}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
