import { z } from 'zod';
import { defineCall } from '../call.js';
import { timestamp } from '../envelope.js';
import { text } from './fields.js';

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: timestamp,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: 'health',
    auth: 'public',
    tag: 'system',
    addition: true,
    summary: 'Liveness and storage check',
    request: z.object({}),
    response: z.object({
      status: z.literal('ok'),
      store: z.enum(['pglite', 'postgres']),
      uptime_s: z.number().int(),
    }),
  }),
  devOutbox: defineCall({
    method: 'GET',
    path: 'dev/outbox',
    auth: 'public',
    tag: 'system',
    addition: true,
    summary:
      'Latest messages of the embedded outbox to one address (e-mail, or +{calling code}{mobile}); absent in production',
    request: z.object({ to: text(100) }),
    response: z.array(outboxMessage),
  }),
};
