import type { ErrorKey } from '@exchange/contract';

/** Failures found by the client itself, translated under the same keys. */
export type ClientErrorKey = 'client.network' | 'client.bad_response';

/** A failed call: `key` is the envelope's stable `error` key (or a client key), `status` the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly key: ErrorKey | ClientErrorKey | (string & {}),
    message: string,
    readonly status: number,
    /** The envelope code (0, 999, 996), or null when no envelope arrived. */
    readonly code: number | null = null,
    readonly details: { field: string; error: string }[] = [],
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
