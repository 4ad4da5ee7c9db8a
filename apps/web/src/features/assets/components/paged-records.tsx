import type { Page } from '@exchange/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type Column } from './data-table';
import { QueryView } from './query-view';
import { RecordsPager } from './records-pager';

interface Props<T> {
  /** One page of records; while the next one loads it stays on screen under a spinner. */
  query: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
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
  empty,
  loadingRows,
  testId,
  recordTestId,
  minWidth,
}: Props<T>) {
  return (
    <QueryView query={query} rows={loadingRows} testId={testId}>
      {(data) => (
        <>
          <DataTable
            columns={columns}
            rows={data.data}
            rowKey={rowKey}
            loading={query.isPlaceholderData}
            empty={empty}
            testId={`${recordTestId}-table`}
            rowTestId={`${recordTestId}-row`}
            minWidth={minWidth}
          />
          <RecordsPager
            page={page}
            pageSize={pageSize}
            total={data.total}
            onChange={onPageChange}
            testId={`${recordTestId}-pager`}
          />
        </>
      )}
    </QueryView>
  );
}
