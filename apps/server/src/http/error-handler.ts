import type { FastifyError, FastifyInstance } from 'fastify';
import { sendError } from './envelope.js';
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
}
