import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

type DeliveryConfig = Pick<Config, 'production' | 'smtpUrl' | 'smsWebhookUrl'>;

/**
 * The channels whose messages stay in the embedded outbox, as the notifier decides: e-mail
 * leaves through SMTP_URL, texts through SMS_WEBHOOK_URL, anything else is only recorded.
 */
export function outboxChannels(config: DeliveryConfig): ('email' | 'sms')[] {
  const channels: ('email' | 'sms')[] = [];
  if (!config.smtpUrl) channels.push('email');
  if (!config.smsWebhookUrl) channels.push('sms');
  return channels;
}

/**
 * Whether verification codes can be read at `/api/dev/outbox`: outside production, for every
 * channel without a transport. Whoever reads them can register any address or reset any
 * password, so the start-up banner says so.
 */
export function codesReadable(config: DeliveryConfig): boolean {
  return !config.production && outboxChannels(config).length > 0;
}

/**
 * In production a channel without a transport would record its codes and deliver nothing: the
 * server refuses to start rather than run like that. Null when the configuration is fine.
 */
export function productionDeliveryProblem(config: DeliveryConfig): string | null {
  if (!config.production) return null;
  const missing = outboxChannels(config).map((c) =>
    c === 'email' ? 'SMTP_URL' : 'SMS_WEBHOOK_URL',
  );
  if (!missing.length) return null;
  return (
    `NODE_ENV=production needs a transport for every verification code: set ${missing.join(' and ')}. ` +
    'Without one the codes are only written to the outbox table, and registration and password ' +
    'resets cannot work.'
  );
}

/** The banner's warning while codes are readable; empty otherwise. */
export function outboxBanner(config: DeliveryConfig, url: string): string[] {
  if (!codesReadable(config)) return [];
  const channels = outboxChannels(config)
    .map((c) => (c === 'email' ? 'e-mail' : 'SMS'))
    .join(' and ');
  return [
    '',
    `  !! DEVELOPMENT OUTBOX: ${channels} verification codes are NOT sent anywhere.`,
    '  !! They stay in the embedded outbox (and the info log), where anyone on this machine can',
    '  !! read them: enough to register any address or reset any password. Do not expose it as is.',
    `  Outbox:      ${url}/api/dev/outbox?to=<address>  (answers only 127.0.0.1 / ::1)`,
  ];
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;

/** Headers a reverse proxy adds: a request that went through one is not local, wherever it came from. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A request from this machine: the peer of the TCP connection is a loopback address, whatever
 * X-Forwarded-For claims (TRUST_PROXY or not), and no proxy forwarded it (a proxy on this host
 * connects from loopback for everyone).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.test(peer)) return false;
  return PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}
