import type { CallDef, CallRequest } from '@exchange/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

/**
 * Query options of a GET call; the key is `[path, params]`, so every screen reading the same call
 * shares one cache entry and mutations can invalidate it by `callQuery(...).queryKey`.
 */
export function callQuery<C extends CallDef>(call: C, params?: CallRequest<C>) {
  return queryOptions({
    queryKey: [call.path, params ?? {}] as const,
    queryFn: () => request(call, params),
  });
}
