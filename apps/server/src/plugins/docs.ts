import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI generated from the contract's schemas (each route carries them), UI at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Exchange API',
        version: '0.1.0',
        description:
          'Every call answers with the envelope `{ code, message, data }`: code 1 success, 0 failure (with a stable `error` key), 999 session missing or expired. Send `lang` (vi, en, zh, hk, jp, du, fr) for translated messages and `Authorization` with the token from user/login.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // No outside hosts: the UI's online validator badge is off.
    transformStaticCSP: (header) =>
      header
        .replace(' validator.swagger.io', '')
        .replace(' upgrade-insecure-requests;', '')
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}
