import { randomBytes } from 'node:crypto';
import type { CallDef, CallRequest } from '@exchange/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { openStore, type Store } from '../src/db/client.js';
import { seed } from '../src/seed/seed.js';

const GENEROUS = { max: 10_000, windowMs: 60_000 };

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
  close(): Promise<void>;
}

export interface EnvelopeBody {
  code: number;
  message: string;
  data: unknown;
  error?: string;
  details?: { field: string; error: string }[];
}

/** With DATABASE_URL set, each test file gets its own fresh PostgreSQL database. */
async function openTestStore(
  migrationsDir: string,
): Promise<{ store: Store; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const store = await openStore({ databaseUrl: undefined, dataDir: 'memory://', migrationsDir });
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

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const base = loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10', DEMO: '1' });
  const config: Config = {
    ...base,
    dataDir: 'memory://',
    databaseUrl: undefined,
    webDist: '/nonexistent',
    rateLimits: { login: GENEROUS, register: GENEROUS, code: GENEROUS, password: GENEROUS },
    ...overrides,
  };
  const { store, drop } = await openTestStore(config.migrationsDir);
  await seed(store.db, config);
  const app = await buildApp({ config, store, logger: false });
  await app.ready();

  const call: TestApp['call'] = async (def, params, options = {}) => {
    const fields = (params ?? {});
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

  return {
    app,
    store,
    config,
    call,
    async lastCode(to) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to } });
      const body = res.json<{ data: { body: string }[] }>();
      const match = body.data[0]?.body.match(/\b(\d{6})\b/);
      if (!match?.[1]) throw new Error(`no code in the outbox for ${to}`);
      return match[1];
    },
    async close() {
      await app.close();
      await store.close();
      await drop();
    },
  };
}
