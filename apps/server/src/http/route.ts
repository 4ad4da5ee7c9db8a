import {
  type CallDef,
  type CallParsedRequest,
  type CallResponse,
  isErrorKey,
  okEnvelope,
} from '@exchange/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { SessionUser } from '../domains/user/sessions.js';
import { tokenFromHeader } from '../domains/user/sessions.js';
import { ok } from './envelope.js';
import { AppError } from './errors.js';

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

/** Validation failures report the documents' key when the schema names one, else the field. */
function validationError(error: z.ZodError): AppError {
  const details = error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    error: isErrorKey(issue.message) ? issue.message : 'common.invalid_param',
  }));
  const firstIssue = details[0] ?? { field: 'body', error: 'common.invalid_param' };
  const key = isErrorKey(firstIssue.error) ? firstIssue.error : 'common.invalid_param';
  return new AppError(key, { field: firstIssue.field }, details);
}

/** PostgreSQL text cannot hold NUL: such a field is refused here instead of failing in SQL. */
function nulField(input: unknown): string | null {
  if (typeof input === 'string') return input.includes('\0') ? 'body' : null;
  if (!input || typeof input !== 'object') return null;
  for (const key of Object.keys(input)) {
    const v = (input as Record<string, unknown>)[key];
    if (typeof v === 'string' && v.includes('\0')) return key;
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
        const token = tokenFromHeader(request.headers.authorization);
        // A cached session is taken without a promise to wait for.
        session = token
          ? (app.ctx.sessions.cached(token) ?? (await app.ctx.sessions.resolve(token)))
          : null;
        if (!session && auth !== 'optional') throw new AppError('auth.session_expired');
        if (auth === 'admin' && session?.role !== 'admin') throw new AppError('auth.admin_only');
      }
      request.session = session;
      const raw: unknown = call.method === 'GET' ? request.query : (request.body ?? {});
      const parsed = call.request.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      const nul = nulField(parsed.data);
      if (nul) {
        throw new AppError('common.invalid_param', { field: nul }, [
          { field: nul, error: 'common.invalid_param' },
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
