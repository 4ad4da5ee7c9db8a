import multipart from '@fastify/multipart';
// The OpenAPI fields of the route schemas below (tags, summary, consumes, security).
import type {} from '@fastify/swagger';
import {
  CALLS,
  LIMITS,
  okEnvelope,
  UPLOAD_FIELD,
  UPLOAD_MAX_MB,
  UPLOAD_PATH,
  uploadNameOf,
} from '@exchange/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { lookUpSession } from '../../http/route.js';
import { cleanImage } from './images.js';
import { findUpload, storeUpload, uploadUrl } from './storage.js';

/** Room for the multipart boundaries and part headers around the file itself. */
const FORM_OVERHEAD = 64 * 1024;
/** Uploads per address in the window, before RATE_LIMIT_FACTOR: a screenshot or two per report. */
const UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_MS = 10 * 60_000;

/**
 * Busboy's limits: one file of at most the upload size, and a handful of small fields, so that no
 * part of a form can make the server hold more than one image.
 */
const MULTIPART_LIMITS = {
  files: 1,
  fileSize: LIMITS.uploadMaxBytes,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 20,
};

const tooLarge = () => new AppError('upload.too_large', { max_mb: UPLOAD_MAX_MB });

/** The multipart plugin's failures: its limits are the size rule, the rest a malformed form. */
function formError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  )
    return tooLarge();
  return new AppError('common.bad_request');
}

/** The session of the Authorization header, as route.ts resolves it (a cached one at once). */
async function sessionOf(app: FastifyInstance, request: FastifyRequest) {
  const session = await lookUpSession(app, request);
  request.session = session;
  return session;
}

/** The bytes of the form's one file, within the limits; upload.* errors otherwise. */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('upload.p_file');
  // A declared size above the limit is refused before a byte of the body is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > LIMITS.uploadMaxBytes + FORM_OVERHEAD) throw tooLarge();
  try {
    const part = await request.file({ limits: MULTIPART_LIMITS });
    if (!part) throw new AppError('upload.p_file');
    if (part.fieldname !== UPLOAD_FIELD) {
      // Read to its end and dropped, so the form's stream is not left hanging.
      part.file.resume();
      throw new AppError('upload.p_file');
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('upload.p_file');
    return bytes;
  } catch (err) {
    throw formError(err);
  }
}

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
}

/**
 * Image uploads (deposit screenshots): common/image_upload stores a cleaned copy under a random
 * name; GET /api/upload/<name> serves it to its owner and to operators only. Registered as a
 * plugin of its own so that multipart bodies are parsed on these routes alone: every other call
 * keeps refusing anything but JSON (and JSON keeps the global 256 KB limit).
 */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const call = CALLS.imageUpload;

  app.route({
    method: call.method,
    url: `/api/${call.path}`,
    config: {
      rateLimit: {
        max: UPLOADS_PER_WINDOW * app.ctx.config.rateLimitFactor,
        timeWindow: UPLOAD_WINDOW_MS,
      },
    },
    schema: {
      tags: [call.tag],
      summary: call.summary,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        required: [UPLOAD_FIELD],
        properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary' } },
      },
      response: { 200: jsonSchema(okEnvelope(call.response)) },
      security: [{ token: [] }],
    },
    handler: async (request) => {
      const session = await sessionOf(app, request);
      if (!session) throw new AppError('auth.session_expired');
      const image = cleanImage(await readFile(request));
      if (!image) throw new AppError('upload.type');
      const name = await storeUpload(app.ctx.db, session.userId, image);
      return ok({ url: uploadUrl(name) });
    },
  });

  app.route<{ Params: { name: string } }>({
    method: 'GET',
    url: `${UPLOAD_PATH}:name`,
    schema: {
      tags: [call.tag],
      summary:
        'An uploaded image: its bytes, for its owner and operators only (others 403, no session 401)',
      params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      security: [{ token: [] }],
    },
    handler: async (request, reply) => {
      const session = await sessionOf(app, request);
      if (!session) throw new AppError('auth.session_expired');
      const { name } = request.params;
      const stored = uploadNameOf(UPLOAD_PATH + name);
      const upload = stored ? await findUpload(app.ctx.db, stored) : null;
      if (!upload) throw new AppError('common.not_found');
      if (upload.userId !== session.userId && session.role !== 'admin')
        throw new AppError('common.forbidden');
      // Private pictures: no shared cache keeps them, and the declared type is the only one.
      return reply
        .header('content-type', upload.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${upload.name}"`)
        .send(upload.bytes);
    },
  });
}
