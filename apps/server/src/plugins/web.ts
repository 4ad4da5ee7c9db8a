import { existsSync } from 'node:fs';
import { isWebRoute } from '@exchange/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/envelope.js';

/**
 * Paths that are never pages, in any case: an unknown call must not be answered with the client's
 * HTML (a script would read a 200 page where it expects the 404 envelope).
 */
const NOT_PAGES = /^\/(?:api|ws)(?:[/?#]|$)/i;

export function isPagePath(url: string): boolean {
  return !NOT_PAGES.test(url);
}

/**
 * Serves the built web client. Page paths get index.html so the client's router decides: with
 * 200 where it shows a screen, with 404 where it shows its own not-found page. Unknown API
 * calls get the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance) {
  const root = app.ctx.config.webDist;
  const hasWeb = existsSync(`${root}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isPagePath(url) && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.header('cache-control', 'no-cache');
      if (isWebRoute(url)) return reply.sendFile('index.html');
      // No validators and no ranges: a 304 or 206 would turn into an empty or partial 404 page.
      return reply
        .code(404)
        .sendFile('index.html', { etag: false, lastModified: false, acceptRanges: false });
    }
    return sendError(request, reply, 404, 'common.not_found');
  });
}
