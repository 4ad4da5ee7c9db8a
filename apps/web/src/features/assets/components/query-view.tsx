import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBlock, LoadingBlock } from './query-states';

interface Props<T> {
  query: UseQueryResult<T>;
  rows?: number;
  testId?: string;
  children: (data: T) => ReactNode;
}

/** A query's three faces: placeholder lines while loading, an error with a retry, or the data. */
export function QueryView<T>({ query, rows, testId, children }: Props<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <ErrorBlock
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId={testId ? `${testId}-error` : undefined}
      />
    );
  }
  return <LoadingBlock rows={rows} testId={testId ? `${testId}-loading` : undefined} />;
}
