import {
  errorEnvelopeCode,
  type ErrorEnvelope,
  type ErrorKey,
  type OkEnvelope,
  translateError,
} from '@exchange/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from './lang.js';

export function ok<T>(data: T): OkEnvelope<T> {
  return { code: 1, message: '', data };
}

export function errorBody(
  request: FastifyRequest,
  key: ErrorKey,
  params: Record<string, string | number> = {},
  details?: { field: string; error: string }[],
): ErrorEnvelope {
  const body: ErrorEnvelope = {
    code: errorEnvelopeCode(key),
    message: translateError(requestLang(request), key, params),
    error: key,
    data: null,
  };
  if (details?.length) body.details = details;
  return body;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: ErrorKey,
  params?: Record<string, string | number>,
  details?: { field: string; error: string }[],
) {
  return reply.status(status).send(errorBody(request, key, params, details));
}
