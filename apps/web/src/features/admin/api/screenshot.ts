import { CALLS, UPLOAD_PATH, uploadNameOf } from '@exchange/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/store/session';

/**
 * The picture of an upload url, read with the operator's Authorization header (an <img src>
 * cannot send one). Only our own `/api/upload/<name>` urls are ever fetched: the token must not
 * go to whatever address a report carries.
 */
async function fetchUpload(name: string): Promise<Blob> {
  const token = useSession.getState().token;
  const response = await fetch(UPLOAD_PATH + name, {
    headers: token ? { Authorization: token } : {},
    cache: 'no-store',
  });
  if (!response.ok) throw new ApiError('common.not_found', response.statusText, response.status);
  return response.blob();
}

/**
 * Kept under the upload call's path so that signing out drops the pictures with every other
 * private answer (query-client.ts); an upload never changes, so it is not read again.
 */
export function screenshotQuery(name: string) {
  return queryOptions({
    queryKey: [CALLS.imageUpload.path, name] as const,
    queryFn: () => fetchUpload(name),
    staleTime: Infinity,
    retry: false,
  });
}

/** The screenshot of a report: null name when the report has none of ours. */
export function useScreenshot(url: string) {
  const name = uploadNameOf(url);
  return {
    name,
    query: useQuery({ ...screenshotQuery(name ?? ''), enabled: name !== null }),
  };
}
