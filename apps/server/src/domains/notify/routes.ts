import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { sendCode } from './code-delivery.js';

export function notifyRoutes(app: FastifyInstance) {
  route(app, CALLS.sendEmail, ({ ctx, session, input }) => sendCode(ctx, session, 'email', input));
  route(app, CALLS.sendSms, ({ ctx, session, input }) => sendCode(ctx, session, 'mobile', input));
}
