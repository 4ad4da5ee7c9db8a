import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { freezeByToken } from './account-security.js';

/** The freeze link of an address-change notice (the operator lifts a freeze in admin/routes.ts). */
export function freezeRoutes(app: FastifyInstance) {
  route(app, CALLS.freezeAccount, ({ ctx, input }) => freezeByToken(ctx, input.token));
}
