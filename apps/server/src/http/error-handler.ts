import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  DEFAULT_LANG,
  type ErrorEnvelope,
  errorEnvelopeCode,
  type ErrorKey,
  errorStatus,
  resultErrorKey,
  translateError,
} from '@exchange/contract';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { API_HEADERS, headersFor } from '../plugins/security-headers.js';
import { sendError } from './envelope.js';
import { Rejected } from '../core/result.js';
import { AppError } from './errors.js';

/** Fastify's own client errors, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, Parameters<typeof sendError>[3]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'common.bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'common.bad_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'common.bad_json',
};

/** One error handler: envelope everywhere, internals hidden (ARCHITECTURE §3). */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429 && error.params.retry_after_s !== undefined) {
        void reply.header('retry-after', String(error.params.retry_after_s));
      }
      return sendError(request, reply, error.statusCode, error.key, error.params, error.details);
    }
    if (error instanceof Rejected) {
      // A handler's result code: its catalogue key gives the status and the translated message.
      const key = resultErrorKey(error.code);
      if (error.code === 'RATE_LIMITED' && error.params.retry_after_s !== undefined) {
        void reply.header('retry-after', String(error.params.retry_after_s));
      }
      return sendError(request, reply, errorStatus(key), key, error.params);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, error.statusCode ?? 400, mapped);
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendError(request, reply, 400, 'common.bad_json');
    }
    if (error.statusCode === 429) return sendError(request, reply, 429, 'common.too_many_requests');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, error.statusCode, 'common.bad_request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'common.internal');
  });

  // Fastify's own 503 while closing is not the envelope: the same answer, built here instead
  // (with `return503OnClosing: false`). Requests already running are not affected.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    void reply.headers(headersFor(request.url)).header('connection', 'close');
    void sendError(request, reply, 503, 'common.unavailable');
  });
}

/**
 * Errors Fastify meets before it routes a request (a malformed escape in the path, an overlong
 * parameter): without this option it answers them with a JSON of its own. No hook has run, so
 * the security headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void reply.headers(headersFor(request.url));
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  const key: ErrorKey = status >= 500 ? 'common.internal' : 'common.bad_request';
  void sendError(request, reply, status, key);
}

/** What Node's HTTP parser refused, as the status and catalogue key of the answer. */
function clientErrorAnswer(code: string | undefined): { status: number; key: ErrorKey } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'common.headers_too_large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'common.request_timeout' };
  return { status: 400, key: 'common.bad_request' };
}

/**
 * The raw answer to a request Node's HTTP parser refused (headers over the limit, a broken
 * request line, a timeout). It happens before Fastify sees a request, so there is neither a
 * request nor a `lang` header: the envelope in the default language, and the connection closed.
 */
export function clientErrorResponse(code: string | undefined): string {
  const { status, key } = clientErrorAnswer(code);
  const envelope: ErrorEnvelope = {
    code: errorEnvelopeCode(key),
    message: translateError(DEFAULT_LANG, key),
    error: key,
    data: null,
  };
  const body = JSON.stringify(envelope);
  const headers = {
    ...API_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: called with the server instance as `this`. */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  err: Error & { code?: string },
  socket: Socket,
) {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ code: err.code }, 'client error');
  // Written and then destroyed, as Node itself does: a client still sending is not waited for.
  if (socket.writable) socket.write(clientErrorResponse(err.code));
  socket.destroy();
}
