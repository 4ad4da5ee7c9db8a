import {
  type CallDef,
  type CallParsedRequest,
  type CallResponse,
  isErrorKey,
  isStorableText,
  okEnvelope,
} from '@exchange/contract';
// The route config's `rateLimit` is typed by the plugin's declarations.
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { ok } from './envelope.js';
import { AppError } from './errors.js';
import { type SessionUser, tokenFromHeader } from './session.js';

export interface Handler<C extends CallDef> {
  (args: {
    input: CallParsedRequest<C>;
    session: SessionUser | null;
    ctx: AppContext;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<CallResponse<C>>;
}

export interface AuthedHandler<C extends CallDef> {
  (args: {
    input: CallParsedRequest<C>;
    session: SessionUser;
    ctx: AppContext;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<CallResponse<C>>;
}

/**
 * The session of a request's Authorization header: a cached one at once, without a promise to
 * wait for (most requests), else read from the store; null without a token or a live session.
 */
export function lookUpSession(
  app: FastifyInstance,
  request: FastifyRequest,
): SessionUser | null | Promise<SessionUser | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  return app.ctx.sessions.cached(token) ?? app.ctx.sessions.resolve(token);
}

/** Validation failures report the documents' key when the schema names one, else the field. */
function validationError(error: z.ZodError): AppError {
  const details = error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    error: isErrorKey(issue.message) ? issue.message : 'common.invalid_param',
  }));
  const firstIssue = details[0] ?? { field: 'body', error: 'common.invalid_param' };
  const key = isErrorKey(firstIssue.error) ? firstIssue.error : 'common.invalid_param';
  return new AppError(key, { ...issueParams(error.issues[0]), field: firstIssue.field }, details);
}

/** The message parameters a schema's custom issue carries (e.g. `{ max }` of amount.too_large). */
function issueParams(issue: z.core.$ZodIssue | undefined): Record<string, string | number> {
  if (issue?.code !== 'custom' || !issue.params) return {};
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(issue.params)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  return out;
}

/**
 * The path of the first string anywhere in a parsed input that PostgreSQL text cannot hold (NUL,
 * half a surrogate pair): refused here for every call at once, since a failing INSERT of an audit
 * row inside the core stops the process.
 */
function unstorableField(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'body';
  if (!value || typeof value !== 'object') return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v: unknown, i) => [String(i), v])
    : Object.entries(value);
  for (const [key, v] of entries) {
    const found = unstorableField(v, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-7' });
}

/**
 * Registers one call of the contract: parses its input with the contract's schema, applies the
 * call's auth level and rate-limit bucket, and wraps the result in the envelope.
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: C['auth'] extends 'user' | 'admin' ? AuthedHandler<C> : Handler<C>,
) {
  const limit = call.rateLimit ? app.ctx.config.rateLimits[call.rateLimit] : undefined;
  const auth = call.auth;
  app.route({
    method: call.method,
    url: `/api/${call.path}`,
    config: limit ? { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } : {},
    schema: {
      tags: [call.tag],
      summary: call.summary,
      description: call.addition ? 'Addition: not named by the product documents.' : undefined,
      ...(call.method === 'GET'
        ? { querystring: jsonSchema(call.request, 'input') }
        : { body: jsonSchema(call.request, 'input') }),
      response: { 200: jsonSchema(okEnvelope(call.response), 'output') },
      ...(auth === 'user' || auth === 'admin' ? { security: [{ token: [] }] } : {}),
    },
    handler: async (request, reply) => {
      let session: SessionUser | null = null;
      if (auth !== 'public') {
        const found = lookUpSession(app, request);
        session = found instanceof Promise ? await found : found;
        if (!session && auth !== 'optional') throw new AppError('auth.session_expired');
        if (auth === 'admin' && session?.role !== 'admin') throw new AppError('auth.admin_only');
      }
      request.session = session;
      const raw: unknown = call.method === 'GET' ? request.query : (request.body ?? {});
      const parsed = call.request.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      const bad = unstorableField(parsed.data, '');
      if (bad) {
        throw new AppError('common.bad_text', { field: bad }, [
          { field: bad, error: 'common.bad_text' },
        ]);
      }
      const run = handler as Handler<C>;
      const data = await run({
        input: parsed.data as CallParsedRequest<C>,
        session,
        ctx: app.ctx,
        request,
        reply,
      });
      return ok(data);
    },
  });
}
