import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/envelope.js';

/**
 * Serves the built web client; unknown non-API paths get index.html so the client's router
 * decides (its own not-found page included). Unknown API calls get the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance) {
  const root = app.ctx.config.webDist;
  const hasWeb = existsSync(`${root}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path === '/ws';
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 404, 'common.not_found');
  });
}
