import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';
/** public: anyone; optional: a token is read when present; user: a session is required; admin: operator role. */
export type AuthLevel = 'public' | 'optional' | 'user' | 'admin';
/** Named rate-limit buckets the server applies to a call. */
export type RateLimitBucket = 'login' | 'register' | 'code' | 'password';

export interface CallDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends AuthLevel = AuthLevel,
> {
  method: HttpMethod;
  /** Path below `/api/`, as the documents name it (e.g. `user/login`). */
  path: string;
  auth: A;
  /** Query parameters for GET, JSON body for POST. */
  request: Req;
  /** The `data` of a successful envelope. */
  response: Res;
  summary: string;
  tag: string;
  /** True for calls the documents do not name (operator, dev and house-keeping calls). */
  addition?: boolean;
  rateLimit?: RateLimitBucket;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, A extends AuthLevel>(
  def: CallDef<Req, Res, A>,
): CallDef<Req, Res, A> {
  return def;
}

export type CallRequest<C> =
  C extends CallDef<infer Req, z.ZodType, AuthLevel> ? z.input<Req> : never;
export type CallParsedRequest<C> =
  C extends CallDef<infer Req, z.ZodType, AuthLevel> ? z.output<Req> : never;
export type CallResponse<C> =
  C extends CallDef<z.ZodType, infer Res, AuthLevel> ? z.output<Res> : never;
