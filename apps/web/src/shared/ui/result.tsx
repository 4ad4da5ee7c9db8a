import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result carries large status pictures (403, 404, 500): they load with the first result shown.
const AntdResult = lazy(() => import('antd/es/result'));

/** antd's Result, loaded on first use: the shell and the home page only show it on errors. */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: 320 }} />}>
      <AntdResult {...props} />
    </Suspense>
  );
}
