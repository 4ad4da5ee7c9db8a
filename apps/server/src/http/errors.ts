import { type ErrorKey, errorStatus } from '@exchange/contract';

/** A business failure with a catalogue key; anything else becomes `common.internal`. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly statusCode: number;
  readonly params: Record<string, string | number>;
  readonly details: { field: string; error: string }[] | undefined;

  constructor(
    key: ErrorKey,
    params: Record<string, string | number> = {},
    details?: { field: string; error: string }[],
  ) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.statusCode = errorStatus(key);
    this.params = params;
    this.details = details;
  }
}

export function fail(key: ErrorKey, params?: Record<string, string | number>): never {
  throw new AppError(key, params);
}
