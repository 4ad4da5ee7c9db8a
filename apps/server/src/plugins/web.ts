import { existsSync } from 'node:fs';
import path from 'node:path';
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

/** Vite's content-hashed files: a new build gives them new names, so they never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the page, theme-boot.js, icons): kept, but checked with the server each time. */
export const REVALIDATE = 'no-cache';

/** A built file's Cache-Control, by its path inside the build (`assets/app-abc123.js`). */
export function cacheControlFor(file: string): string {
  return file.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built web client. Page paths get index.html so the client's router decides: with
 * 200 where it shows a screen, with 404 where it shows its own not-found page. Unknown API
 * calls get the 404 envelope.
 *
 * Files come compressed where the build left a `.br` or `.gz` next to them (apps/web/scripts/
 * compress.mjs) and the request accepts it, with `Vary: Accept-Encoding`; the variants have no
 * routes of their own. Hashed files under /assets/ are cached for a year, the rest revalidated.
 */
export async function registerWeb(app: FastifyInstance) {
  const root = app.ctx.config.webDist;
  const hasWeb = existsSync(`${root}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, file) {
        // `file` is the one sent: `app-abc123.js.br` for the brotli variant of `app-abc123.js`.
        const relative = path.relative(root, file).split(path.sep).join('/');
        void reply.header('cache-control', cacheControlFor(relative));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isPagePath(url) && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.header('cache-control', REVALIDATE);
      if (isWebRoute(url)) return reply.sendFile('index.html');
      // No validators and no ranges: a 304 or 206 would turn into an empty or partial 404 page.
      return reply
        .code(404)
        .sendFile('index.html', { etag: false, lastModified: false, acceptRanges: false });
    }
    return sendError(request, reply, 404, 'common.not_found');
  });
}
