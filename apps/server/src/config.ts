import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMAIL_RE, VND_ORDER_TTL_S } from '@exchange/contract';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // PGlite in its own thread (the built server; 0 keeps it on the event loop).
  PGLITE_THREAD: flag,
  // The operator signs in through user/login, so the address must pass the contract's e-mail rule.
  ADMIN_EMAIL: z.string().regex(EMAIL_RE).default('admin@exchange.test'),
  ADMIN_PASSWORD: z.string().min(6).max(16).optional(),
  DEMO: flag,
  MARKET_MAKER: flag,
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Exchange <no-reply@exchange.local>'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  // Where users open the web client: links in messages (the freeze link of a changed address).
  PUBLIC_URL: z.string().url().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  TRUST_PROXY: flag,
  WEB_DIST: z.string().optional(),
  // Deposit addresses: an account-level extended public key per chain family (BIP-32), or one
  // shared address where no key is configured.
  DEPOSIT_XPUB_ETH: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/)
    .optional(),
  DEPOSIT_XPUB_TRON: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/)
    .optional(),
  DEPOSIT_XPUB_BTC: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/)
    .optional(),
  DEPOSIT_ADDRESS_ETH: z.string().max(128).optional(),
  DEPOSIT_ADDRESS_TRON: z.string().max(128).optional(),
  DEPOSIT_ADDRESS_BTC: z.string().max(128).optional(),
  // Multiplies every rate-limit bucket's allowance (a shared office address, a test run).
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  // Tests: an earning day lasts this many ms, its boundaries every n ms from the Unix epoch.
  EARN_DAY_MS: z.coerce.number().int().min(1_000).max(86_400_000).optional(),
  // How long a VND deposit order waits for its transfer's screenshot (tests shorten it).
  VND_ORDER_TTL_S: z.coerce.number().int().min(5).max(86_400).default(VND_ORDER_TTL_S),
});

export type ChainFamilyKey = 'eth' | 'tron' | 'btc';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  /** Unset: a random password is generated and printed on first start. */
  adminPassword: string | undefined;
  demo: boolean;
  /** With `demo`: run the demo market maker in the server process. */
  marketMaker: boolean;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsWebhookUrl: string | undefined;
  /** The web client's origin as users reach it, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  production: boolean;
  logLevel: string;
  sessionTtlMs: number;
  /** How long a looked-up session is trusted before it is read again (0 = every request). */
  sessionCacheMs: number;
  /** scrypt N = 2^cost for new password hashes (ARCHITECTURE §6: 17). */
  passwordHashCost: number;
  trustProxy: boolean;
  webDist: string;
  migrationsDir: string;
  /** The database thread's script when PGlite runs in a thread, else null. */
  pgliteWorker: URL | null;
  /** Extended public keys (unset: the demo key with DEMO, else the shared address or none). */
  depositXpubs: Partial<Record<ChainFamilyKey, string>>;
  depositAddresses: Partial<Record<ChainFamilyKey, string>>;
  /** RATE_LIMIT_FACTOR: multiplies every limit, the operator's order limits included. */
  rateLimitFactor: number;
  /** EARN_DAY_MS (tests): an earning day's length, days counted from the epoch; unset: Bangkok days. */
  earnDay: { ms: number; offsetMs: number } | null;
  /** VND_ORDER_TTL_S: seconds a VND deposit order waits for its screenshot. */
  vndOrderTtlS: number;
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    code: RateLimitRule;
    password: RateLimitRule;
  };
}

/** Both src/config.ts and the bundled dist/main.mjs sit one level below apps/server. */
const here = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));

/** The thread script sits beside the built server; a run from source has none. */
function pgliteWorker(wanted: boolean): URL | null {
  const url = new URL('./pglite-worker.mjs', import.meta.url);
  return wanted && existsSync(fileURLToPath(url)) ? url : null;
}

export const DEFAULT_RATE_LIMITS: Config['rateLimits'] = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 10, windowMs: 60 * 60_000 },
  code: { max: 10, windowMs: 10 * 60_000 },
  password: { max: 10, windowMs: 15 * 60_000 },
};

/** Reads and validates the environment once; the only place `process.env` is read. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demo: e.DEMO ?? !production,
    marketMaker: e.MARKET_MAKER ?? true,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`).replace(/\/+$/, ''),
    production,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    passwordHashCost: e.PASSWORD_HASH_COST,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST ?? here('../../web/dist'),
    migrationsDir: here('../drizzle'),
    pgliteWorker: pgliteWorker(e.PGLITE_THREAD ?? true),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    earnDay: e.EARN_DAY_MS ? { ms: e.EARN_DAY_MS, offsetMs: 0 } : null,
    vndOrderTtlS: e.VND_ORDER_TTL_S,
    rateLimits: Object.fromEntries(
      Object.entries(DEFAULT_RATE_LIMITS).map(([bucket, rule]) => [
        bucket,
        { ...rule, max: rule.max * e.RATE_LIMIT_FACTOR },
      ]),
    ) as Config['rateLimits'],
    depositXpubs: {
      eth: e.DEPOSIT_XPUB_ETH,
      tron: e.DEPOSIT_XPUB_TRON,
      btc: e.DEPOSIT_XPUB_BTC,
    },
    depositAddresses: {
      eth: e.DEPOSIT_ADDRESS_ETH,
      tron: e.DEPOSIT_ADDRESS_TRON,
      btc: e.DEPOSIT_ADDRESS_BTC,
    },
  };
}
