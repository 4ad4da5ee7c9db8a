import type { ResultCode } from '@exchange/contract';

/**
 * A command refused by a handler, with a result code of the contract's catalogue and the values
 * its message needs. Thrown before the command changes anything; the HTTP layer maps the code to
 * a status and a translated message (`http/error-handler.ts`).
 */
export class Rejected extends Error {
  readonly code: ResultCode;
  readonly params: Record<string, string | number>;

  constructor(code: ResultCode, params: Record<string, string | number> = {}) {
    super(code);
    this.name = 'Rejected';
    this.code = code;
    this.params = params;
  }
}

export function reject(code: ResultCode, params?: Record<string, string | number>): never {
  throw new Rejected(code, params);
}
