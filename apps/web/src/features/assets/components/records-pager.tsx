import { Pagination } from 'antd';
import { showPager } from '../lib/paging';
import styles from './table.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId: string;
}

/** Pages of a records list, shown only when there is more than one (spec 2 §9). */
export function RecordsPager({ page, pageSize, total, onChange, testId }: Props) {
  if (!showPager(total, pageSize)) return null;
  return (
    <Pagination
      className={styles.pager}
      size="small"
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
