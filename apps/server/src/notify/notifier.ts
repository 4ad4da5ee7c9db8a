import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address, or +{calling code}{mobile}. */
  to: string;
  subject: string;
  body: string;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
  latest(to: string, limit?: number): Promise<(typeof outbox.$inferSelect)[]>;
}

export interface NotifierOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsWebhookUrl: string | undefined;
  production: boolean;
}

/**
 * Every message is recorded in the outbox. Without a transport configured the outbox is the
 * delivery (logged, and readable at the dev endpoint); with SMTP_URL e-mail goes out through
 * nodemailer, with SMS_WEBHOOK_URL texts are POSTed as JSON `{ to, body }`.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliver(message: OutgoingMessage): Promise<'outbox' | 'smtp' | 'sms_webhook'> {
    if (message.channel === 'email' && mailer) {
      await mailer.sendMail({
        from: options.smtpFrom,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
      return 'smtp';
    }
    if (message.channel === 'sms' && options.smsWebhookUrl) {
      const response = await fetch(options.smsWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
      return 'sms_webhook';
    }
    return 'outbox';
  }

  return {
    async send(message) {
      let transport: 'outbox' | 'smtp' | 'sms_webhook' = 'outbox';
      let error: string | null = null;
      try {
        transport = await deliver(message);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        transport = message.channel === 'email' ? 'smtp' : 'sms_webhook';
      }
      await options.db.insert(outbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        transport,
        deliveredAt: error ? null : new Date(),
        error,
      });
      if (error) {
        options.log.warn({ channel: message.channel, transport, error }, 'message not delivered');
        throw new Error(error);
      }
      if (transport === 'outbox' && !options.production) {
        // The embedded outbox is a development transport: the text is logged so it can be read.
        options.log.info({ to: message.to, subject: message.subject }, `outbox: ${message.body}`);
      }
    },
    latest(to, limit = 10) {
      return options.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, to))
        .orderBy(desc(outbox.id))
        .limit(limit);
    },
  };
}
