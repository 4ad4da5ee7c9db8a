import { randomBytes, randomInt } from 'node:crypto';
import { CALLS, type CallDef, type CallRequest } from '@exchange/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import type { AuditReport } from '@exchange/contract';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { openStore, type Store } from '../src/db/client.js';
import { settings } from '../src/db/schema.js';
import { auditLedger as runAudit } from '../src/products.js';
import { seed } from '../src/seed/seed.js';
import { pgliteTemplate } from './pglite-template.js';

export const GENEROUS = { max: 10_000, windowMs: 60_000 };

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  config: Config;
  /** Calls one contract call through the real app (`inject`), returning status and parsed body. */
  call<C extends CallDef>(
    call: C,
    params?: CallRequest<C> | Record<string, unknown>,
    options?: { token?: string; lang?: string; ip?: string },
  ): Promise<{ status: number; body: EnvelopeBody; res: LightMyRequestResponse }>;
  /** The latest code sent to an address, read from the dev outbox. */
  lastCode(to: string): Promise<string>;
  /**
   * Closes the app (everything in flight is committed), builds a new one over the same store and
   * waits until it is ready: the core rebuilds its memory from SQL as on a server start. `app` and
   * `call` use the new one afterwards. `down` runs while no app is up (time passing, say).
   */
  restart(options?: { down?: () => Promise<void> }): Promise<FastifyInstance>;
  /**
   * Commits what is in flight, runs the ledger audit, then closes the app and the store (always,
   * even when the audit fails) and throws with the audit's report when it is not ok. Calling it
   * again returns the first call's outcome. `skipAudit` is for a test that breaks the ledger on
   * purpose.
   */
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  skipAudit?: boolean;
}

/** The audit's failing currencies as readable text (thrown by `close`). */
export function auditFailure(report: AuditReport): string {
  const bad = report.currencies.filter((c) => !c.ok);
  return `ledger audit failed:\n${JSON.stringify(bad, null, 2)}`;
}

/** Runs the ledger audit over a store and throws with its report when it is not ok. */
export async function assertAudit(store: Store): Promise<AuditReport> {
  const report = await runAudit(store.db);
  if (!report.ok) throw new Error(auditFailure(report));
  return report;
}

export interface EnvelopeBody {
  code: number;
  message: string;
  data: unknown;
  error?: string;
  details?: { field: string; error: string }[];
}

/**
 * A fresh database per test app: on PGlite a copy of the migrated template (pglite-template.ts),
 * with DATABASE_URL set a new PostgreSQL database.
 */
async function openTestStore(
  migrationsDir: string,
): Promise<{ store: Store; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const store = await openStore({
      databaseUrl: undefined,
      dataDir: 'memory://',
      migrationsDir,
      initialData: await pgliteTemplate(migrationsDir),
    });
    return { store, drop: () => Promise.resolve() };
  }
  const name = `exchange_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: testUrl.toString(), dataDir: '', migrationsDir });
  return {
    store,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    logger?: Logger;
    /** The lever mark price's clock (test-driven time). */
    leverClock?: () => number;
  } = {},
): Promise<TestApp> {
  const logger = options.logger ?? false;
  const { leverClock } = options;
  // MARKET_MAKER=0: the demo market maker must not trade in tests (ignored where it does not exist).
  const base = loadConfig({
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '10',
    DEMO: '1',
    MARKET_MAKER: '0',
    // Every request reads its session, so tests that change sessions in the store see it at once;
    // the cache itself is tested in session-cache.test.ts.
    SESSION_CACHE_SECONDS: '0',
  });
  const config: Config = {
    ...base,
    dataDir: 'memory://',
    databaseUrl: undefined,
    webDist: '/nonexistent',
    rateLimits: { login: GENEROUS, register: GENEROUS, code: GENEROUS, password: GENEROUS },
    // Tests place orders faster than a person: the per-user order limits are tested on their own.
    rateLimitFactor: 100,
    ...overrides,
  };
  const { store, drop } = await openTestStore(config.migrationsDir);
  let app: FastifyInstance;
  try {
    await seed(store.db, config);
    app = await buildApp({ config, store, logger, leverClock });
    await app.ready();
  } catch (err) {
    // A file that fails while starting leaves no open store or test database behind.
    await store.close().finally(drop);
    throw err;
  }

  const call: TestApp['call'] = async (def, params, options = {}) => {
    const fields = params ?? {};
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = options.token;
    if (options.lang) headers.lang = options.lang;
    const url = `/api/${def.path}`;
    const res: LightMyRequestResponse =
      def.method === 'GET'
        ? await app.inject({
            method: 'GET',
            url,
            query: Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, String(v as string | number)]),
            ),
            headers,
            remoteAddress: options.ip ?? '127.0.0.1',
          })
        : await app.inject({
            method: 'POST',
            url,
            payload: fields as Record<string, string>,
            headers,
            remoteAddress: options.ip ?? '127.0.0.1',
          });
    return { status: res.statusCode, body: res.json<EnvelopeBody>(), res };
  };

  let closing: Promise<void> | null = null;
  const close = async (options: CloseOptions) => {
    let report: AuditReport | null = null;
    try {
      // Everything applied is committed before the audit reads the store.
      await app.ctx.core.close();
      if (!options.skipAudit) report = await runAudit(store.db);
    } finally {
      try {
        await app.close();
      } finally {
        try {
          await store.close();
        } finally {
          await drop();
        }
      }
    }
    if (report && !report.ok) throw new Error(auditFailure(report));
  };

  return {
    get app() {
      return app;
    },
    store,
    config,
    call,
    async restart(options = {}) {
      if (closing) throw new Error('restart after close');
      await app.close();
      await options.down?.();
      app = await buildApp({ config, store, logger, leverClock });
      await app.ready();
      return app;
    },
    async lastCode(to) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to } });
      const body = res.json<{ data: { body: string }[] }>();
      const match = body.data[0]?.body.match(/\b(\d{6})\b/);
      if (!match?.[1]) throw new Error(`no code in the outbox for ${to}`);
      return match[1];
    },
    close(options = {}) {
      closing ??= close(options);
      return closing;
    },
  };
}

// ---- Shared steps of the API tests (built only on the public calls and the dev outbox). ----

export const PASSWORD = 'abc12345';
let serial = 0;

/** An address no other test of the file uses. */
export function uniqueEmail(prefix = 'user'): string {
  serial += 1;
  return `${prefix}${serial}x${randomBytes(3).toString('hex')}@example.com`;
}

/** A national number no other test of the file uses (the serial keeps them apart). */
export function uniqueMobile(): string {
  serial += 1;
  return `9${serial}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** Asserts a failure envelope: real HTTP status, envelope code, catalogue key and a message. */
export function expectError(
  res: { status: number; body: EnvelopeBody },
  status: number,
  error: string,
  code: 0 | 999 = 0,
) {
  expect({ status: res.status, code: res.body.code, error: res.body.error }).toEqual({
    status,
    code,
    error,
  });
  expect(res.body.data).toBeNull();
  expect(res.body.message).toMatch(/\S/);
}

/** Asserts a success envelope and returns its data. */
export function okData(res: { status: number; body: EnvelopeBody }): unknown {
  expect({ status: res.status, code: res.body.code, error: res.body.error }).toEqual({
    status: 200,
    code: 1,
    error: undefined,
  });
  return res.body.data;
}

export interface Member {
  id: number;
  token: string;
  password: string;
}

/** Registers an e-mail account with a code from the outbox and signs it in. */
export async function signUpEmail(
  t: TestApp,
  email = uniqueEmail(),
  extra: { invite_code?: string } = {},
): Promise<Member & { email: string }> {
  okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
  const sms_code = await t.lastCode(email);
  const reg = await t.call(CALLS.register, {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code,
    ...extra,
  });
  const { id } = okData(reg) as { id: number };
  const token = okData(
    await t.call(CALLS.login, { login_type: 'email', account: email, password: PASSWORD }),
  ) as string;
  return { id, token, email, password: PASSWORD };
}

/** Registers a mobile account in an area (1 is Vietnam, +84) and signs it in. */
export async function signUpMobile(
  t: TestApp,
  mobile = uniqueMobile(),
  areaId = 1,
  globalCode = '84',
): Promise<Member & { mobile: string }> {
  okData(await t.call(CALLS.sendSms, { to: mobile, type: 1, area_id: areaId }));
  const sms_code = await t.lastCode(`+${globalCode}${mobile}`);
  const reg = await t.call(CALLS.register, {
    type: 'mobile',
    account: mobile,
    area_id: areaId,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code,
  });
  const { id } = okData(reg) as { id: number };
  const login = await t.call(CALLS.login, {
    login_type: 'mobile',
    account: mobile,
    country_code: Number(globalCode),
    password: PASSWORD,
  });
  return { id, token: okData(login) as string, mobile, password: PASSWORD };
}

/** Changes a setting row directly, as an operator would. */
export async function setSetting(t: TestApp, key: string, value: string) {
  await t.store.db.update(settings).set({ value }).where(eq(settings.key, key));
}

/** The value, failing the test when it is missing (lists whose length the test expects). */
export function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}
