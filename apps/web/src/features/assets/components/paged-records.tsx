import type { Page } from '@exchange/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { QueryView } from './query-view';

interface Props<T> {
  /** One page of records; while the next one loads it stays on screen under a spinner. */
  query: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Accessible name of the table. */
  label: string;
  empty: string;
  /** Placeholder lines before the first page arrives. */
  loadingRows?: number;
  /** Names the loading and error blocks. */
  testId: string;
  /** Names the table (`-table`), its rows (`-row`) and the pager (`-pager`). */
  recordTestId: string;
  minWidth?: number;
}

/** A records list: placeholder or error until it loads, then the table and its pages. */
export function PagedRecords<T>({
  query,
  page,
  pageSize,
  onPageChange,
  columns,
  rowKey,
  label,
  empty,
  loadingRows,
  testId,
  recordTestId,
  minWidth,
}: Props<T>) {
  return (
    <QueryView query={query} rows={loadingRows} testId={testId}>
      {(data) => (
        <Table
          layout="cards"
          label={label}
          columns={columns}
          rows={data.data}
          rowKey={rowKey}
          rowProps={() => ({ 'data-testid': `${recordTestId}-row` })}
          loading={query.isPlaceholderData}
          empty={empty}
          testId={`${recordTestId}-table`}
          minWidth={minWidth}
          paging={{
            page,
            pageSize,
            total: data.total,
            onChange: onPageChange,
            testId: `${recordTestId}-pager`,
          }}
        />
      )}
    </QueryView>
  );
}
