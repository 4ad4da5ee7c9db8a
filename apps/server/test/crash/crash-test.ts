/**
 * Crash test of the money core (`npm run test:crash`, which builds the server first).
 *
 * Runs the BUILT server (`apps/server/dist/main.mjs`) as a child process on a free loopback port
 * over a fresh store: a PGlite data directory, or a new PostgreSQL database when DATABASE_URL is
 * set (created here and dropped at the end). Several clients place and cancel orders with
 * client_order_ids in loops while the server is killed with SIGKILL at random moments (some of
 * them while it is still starting) and restarted. A request whose answer was lost is sent again,
 * unchanged, with the same client_order_id, until it gets an answer. Now and then a client opens
 * or closes a lever position on BTC/USDT (sent once: lever/submit has no client id, so a lost
 * answer leaves it unknown), or stakes a micro order of 5 or 10 seconds on BTC/USDT (also sent
 * once), so that settlement passes run, and are killed, all along.
 *
 * Afterwards, with the server stopped and the store opened here:
 *  - every acknowledged order (HTTP 200, code 1) exists exactly once in the orders table, under
 *    the id it was acknowledged with; no client id has two orders; no order exists that was never
 *    acknowledged (every lost answer was retried until it was); every acknowledged lever position
 *    is stored, and so is every acknowledged micro order; each micro order was held once, and each
 *    closed one was settled exactly once (one micro.settle journal entry), an open one never;
 *  - the ledger audit is ok (sums zero, no negative balance, locks = what open orders reserve,
 *    every balance = the sum of its postings);
 *  - rebuilding the core's memory from the store (the code the server runs on start) gives books
 *    that are exactly the open orders of the orders table, in id (time) order, never crossed.
 * Then the server is started once more and every open order is cancelled through the API: each
 * cancel must succeed (an order the store has open but the rebuilt core had lost would answer
 * order.not_open), every lever position closes (lever/batch_close), every micro order settles
 * (those due while the server was down, on start), after which no user holds a lock, in the
 * trade, the lever or the micro account, and the audit (GET admin/audit) is ok. That
 * proves the running server's books and locks equal the store's open orders.
 *
 * Exits non-zero on any violation. Environment: DATABASE_URL (PostgreSQL), CRASH_SECONDS (60),
 * CRASH_KILLS (12, at least 10), CRASH_CLIENTS (8), CRASH_SEED, CRASH_SERVER_JS (the bundle to run).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS, type CallDef, type SpotOrder } from '@exchange/contract';
import { asc, inArray } from 'drizzle-orm';
import pg from 'pg';
import { units } from '../../src/core/amounts.js';
import { openStore, type Store } from '../../src/db/client.js';
import { journal, leverPositions, microOrders, orders } from '../../src/db/schema.js';
import { auditLedger as runAudit } from '../../src/products.js';
import { loadSpot } from '../../src/domains/spot/index.js';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
/** CRASH_SERVER_JS runs another bundle (e.g. a deliberately broken one, to see the test fail). */
const mainJs = process.env.CRASH_SERVER_JS ?? join(serverDir, 'dist/main.mjs');
const migrationsDir = join(serverDir, 'drizzle');

function intEnv(name: string, fallback: number): number {
  const v = process.env[name];
  const n = v ? Number(v) : fallback;
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}

const DURATION_MS = intEnv('CRASH_SECONDS', 60) * 1000;
const MIN_KILLS = Math.max(10, intEnv('CRASH_KILLS', 12));
const CLIENTS = Math.max(2, intEnv('CRASH_CLIENTS', 8));
const SEED = intEnv('CRASH_SEED', Math.floor(Math.random() * 2 ** 31));
/** Bounds the run even on a slow machine (the first start, which creates the store, included). */
const HARD_STOP_MS = DURATION_MS + 90_000;
const OPERATOR = { email: 'admin@exchange.test', password: 'admin123456' };

/** mulberry32: the run's choices follow from CRASH_SEED (its timing does not). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(SEED);
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const violations: string[] = [];
function violation(text: string) {
  if (violations.length < 200) violations.push(text);
  console.error(`VIOLATION: ${text}`);
}

// ---------------------------------------------------------------------------------------------
// The store.

interface TestStore {
  kind: 'pglite' | 'postgres';
  /** Environment for the server. */
  env: Record<string, string>;
  open(): Promise<Store>;
  dispose(keep: boolean): Promise<void>;
  where: string;
}

async function freshStore(): Promise<TestStore> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'exchange-crash-'));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dir },
      open: () => openStore({ databaseUrl: undefined, dataDir: dir, migrationsDir }),
      dispose: (keep) => {
        if (!keep) rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
      where: dir,
    };
  }
  const name = `exchange_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  return {
    kind: 'postgres',
    env: { DATABASE_URL: databaseUrl },
    open: () => openStore({ databaseUrl, dataDir: '', migrationsDir }),
    dispose: async (keep) => {
      if (keep) return;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
    where: `database ${name}`,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The server process.

class Server {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private expectingExit = false;
  starts = 0;
  unexpectedExits = 0;
  private startedAt = 0;
  /** Milliseconds from spawn to the first answered health call, per start that got there. */
  readonly startMs: number[] = [];
  readonly log: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    logDir: string,
  ) {
    this.log = join(logDir, `crash-server-${port}.log`);
  }

  get base() {
    return `http://127.0.0.1:${this.port}/api/`;
  }

  get running() {
    return this.child !== null;
  }

  start() {
    if (this.child) throw new Error('already running');
    const out = createWriteStream(this.log, { flags: 'a' });
    out.write(`\n---- start ${++this.starts} ----\n`);
    const child = spawn(process.execPath, [mainJs], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DEMO: '1',
        MARKET_MAKER: '0',
        // The load's traders place far more than a person's 50 orders a second.
        RATE_LIMIT_FACTOR: '1000',
        ADMIN_PASSWORD: OPERATOR.password,
        PASSWORD_HASH_COST: '10',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    this.expectingExit = false;
    this.child = child;
    this.startedAt = Date.now();
    this.exited = new Promise((resolve) => {
      child.once('exit', (code) => {
        if (!this.expectingExit) {
          this.unexpectedExits += 1;
          violation(`the server exited by itself with code ${code} (see ${this.log})`);
        }
        if (this.child === child) this.child = null;
        resolve(code);
      });
    });
  }

  /** Waits until the server answers its health call. */
  async ready(timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.child) throw new Error(`the server is not running (see ${this.log})`);
      try {
        const res = await fetch(`${this.base}health`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) {
          this.startMs.push(Date.now() - this.startedAt);
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`the server did not become ready in ${timeoutMs} ms (see ${this.log})`);
  }

  async kill() {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop: SIGTERM, and the process must exit 0 on its own. */
  async stop() {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    child.kill('SIGTERM');
    const code = await Promise.race([this.exited, sleep(15_000).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      violation('the server did not stop within 15 s of SIGTERM');
      await this.kill();
    } else if (code !== 0) {
      violation(`the server stopped with exit code ${code} after SIGTERM`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP.

interface Envelope {
  code: number;
  message: string;
  data: unknown;
  error?: string;
}
interface Answer {
  status: number;
  body: Envelope;
}

let server: Server;
const counters = { requests: 0, lostAnswers: 0, serverErrors: 0, retriedPlacements: 0 };

async function send(
  call: CallDef,
  params: Record<string, unknown>,
  token?: string,
): Promise<Answer | null> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  let url = `${server.base}${call.path}`;
  let body: string | undefined;
  if (call.method === 'GET') {
    const query = Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]);
    url += `?${new URLSearchParams(query).toString()}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(params);
  }
  counters.requests += 1;
  try {
    const res = await fetch(url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Envelope };
  } catch {
    // Connection refused or reset, or the answer was cut off: the server died.
    return null;
  }
}

/**
 * Sends a request until it gets a real answer: a lost answer (the server was killed) or a 5xx
 * (the server was stopping) means "unknown", and the same request goes again.
 */
async function reliably(
  call: CallDef,
  params: Record<string, unknown>,
  token?: string,
): Promise<{ answer: Answer; attempts: number }> {
  const until = Date.now() + 120_000;
  for (let attempts = 1; ; attempts++) {
    const answer = await send(call, params, token);
    if (answer && answer.status < 500) return { answer, attempts };
    if (answer) {
      counters.serverErrors += 1;
      // 503 is what a stopping core answers; anything else is a bug.
      if (answer.status !== 503)
        violation(`${call.path} answered ${answer.status} ${answer.body.error}`);
    } else counters.lostAnswers += 1;
    if (Date.now() > until) throw new Error(`${call.path} got no answer for two minutes`);
    await sleep(between(20, 150));
  }
}

async function ok(call: CallDef, params: Record<string, unknown>, token?: string) {
  const { answer } = await reliably(call, params, token);
  if (answer.body.code !== 1) {
    throw new Error(`${call.path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data;
}

async function latestCode(to: string): Promise<string> {
  const data = await ok(CALLS.devOutbox, { to });
  const rows = data as { body: string }[];
  const match = rows[0]?.body.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code for ${to}`);
  return match[1];
}

// ---------------------------------------------------------------------------------------------
// Traders.

interface Trader {
  index: number;
  id: number;
  email: string;
  token: string;
  seq: number;
  open: Map<number, 1 | 2>;
  /** Lever positions this trader opened and has not seen closed. */
  lever: Set<number>;
}

interface Acked {
  userId: number;
  clientOrderId: string;
  orderId: number;
}

const acked = new Map<string, Acked>();
const stats = {
  placed: 0,
  refused: new Map<string, number>(),
  cancels: 0,
  cancelsNotOpen: 0,
  leverCloses: 0,
  microSettled: 0,
};

const MARKETS = [
  { id: 1, mid: 65000, priceDecimals: 2, qtyDecimals: 6, minQty: 0.0001, maxQty: 0.05 },
  { id: 9, mid: 0.0492, priceDecimals: 4, qtyDecimals: 4, minQty: 0.001, maxQty: 1 },
] as const;
const PLACE_REFUSALS = new Set(['balance.insufficient', 'trade.notbest']);
const PAY_PASSWORD = 'crashpay1';
/** Lever positions whose submit was acknowledged: each must be in the store. */
const leverAcked = new Set<number>();
const LEVER_REFUSALS = new Set([
  'balance.insufficient',
  'lever.no_price',
  // A start has no record of the books: the mark is thin until they stood half its window.
  'lever.no_mark',
  'lever.exposure_bound',
  'lever.risk',
  'lever.house_cover',
  'lever.user_limit',
  'lever.open_interest',
]);

/**
 * A lever command: mostly a market position on BTC/USDT, sometimes a close. Sent once, never
 * retried (lever/submit has no client id): a lost answer leaves it unknown, which is allowed.
 */
async function leverOne(u: Trader) {
  const ids = [...u.lever];
  if (ids.length > 0 && rand() < 0.4) {
    const id = ids[Math.floor(rand() * ids.length)] as number;
    const answer = await send(CALLS.leverClose, { id }, u.token);
    if (answer === null || answer.status >= 500) return;
    u.lever.delete(id);
    if (answer.body.code === 1) stats.leverCloses += 1;
    // No mark just after a start: it stays open (closed at the end by lever/batch_close).
    else if (answer.body.error === 'lever.no_mark') u.lever.add(id);
    // Closed already by a stop, a liquidation or a close whose answer was lost.
    else if (answer.body.error !== 'lever.not_open')
      violation(`closing own lever position ${id} → ${answer.body.error}`);
    return;
  }
  const params = {
    currency_match_id: 1,
    share: 1 + Math.floor(rand() * 3),
    multiple: rand() < 0.5 ? 10 : 20,
    type: rand() < 0.5 ? 1 : 2,
    status: 1,
    password: PAY_PASSWORD,
  };
  const answer = await send(CALLS.leverSubmit, params, u.token);
  if (answer === null || answer.status >= 500) {
    if (answer) counters.serverErrors += 1;
    return;
  }
  if (answer.body.code === 1) {
    const row = CALLS.leverSubmit.response.parse(answer.body.data);
    leverAcked.add(row.id);
    u.lever.add(row.id);
    return;
  }
  const key = answer.body.error ?? `code ${answer.body.code}`;
  stats.refused.set(key, (stats.refused.get(key) ?? 0) + 1);
  if (!LEVER_REFUSALS.has(key)) violation(`lever/submit ${JSON.stringify(params)} → ${key}`);
}

/** Micro orders whose submit was acknowledged: each must be in the store, and settle once. */
const microAcked = new Set<number>();
const MICRO_REFUSALS = new Set([
  'balance.insufficient',
  'micro.exposure',
  'micro.house',
  'micro.liquidity',
]);

/** A micro order on BTC/USDT, up or down, 5 or 10 seconds. Sent once, never retried. */
async function microOne(u: Trader) {
  const params = {
    match_id: 1,
    currency_id: 1,
    type: rand() < 0.5 ? 1 : 2,
    seconds: rand() < 0.5 ? 5 : 10,
    number: String(10 + Math.floor(rand() * 40)),
  };
  const answer = await send(CALLS.microSubmit, params, u.token);
  if (answer === null || answer.status >= 500) {
    if (answer) counters.serverErrors += 1;
    return;
  }
  if (answer.body.code === 1) {
    microAcked.add(CALLS.microSubmit.response.parse(answer.body.data).id);
    return;
  }
  const key = answer.body.error ?? `code ${answer.body.code}`;
  stats.refused.set(key, (stats.refused.get(key) ?? 0) + 1);
  if (!MICRO_REFUSALS.has(key)) violation(`microtrade/submit ${JSON.stringify(params)} → ${key}`);
}

async function signUp(index: number, operator: string): Promise<Trader> {
  const email = `crash${index}x${randomBytes(3).toString('hex')}@example.com`;
  const password = 'crash12345';
  await ok(CALLS.sendEmail, { to: email, type: 1 });
  const code = await latestCode(email);
  const { id } = (await ok(CALLS.register, {
    type: 'email',
    account: email,
    password,
    re_password: password,
    sms_code: code,
  })) as { id: number };
  const token = (await ok(CALLS.login, {
    login_type: 'email',
    account: email,
    password,
  })) as string;
  for (const [currency, amount] of [
    ['USDT', '50000000'],
    ['BTC', '500'],
    ['ETH', '10000'],
  ]) {
    await ok(
      CALLS.ledgerAdjust,
      { user: email, currency, amount, reason: 'crash test funding' },
      operator,
    );
  }
  // A lever balance and a trade password, for lever/submit.
  await ok(
    CALLS.ledgerAdjust,
    {
      user: email,
      currency: 'USDT',
      amount: '100000',
      reason: 'crash test lever',
      account_type: 3,
    },
    operator,
  );
  // A micro balance, for microtrade/submit.
  await ok(
    CALLS.ledgerAdjust,
    {
      user: email,
      currency: 'USDT',
      amount: '100000',
      reason: 'crash test micro',
      account_type: 4,
    },
    operator,
  );
  await ok(CALLS.sendEmail, { to: email, type: 3 }, token);
  const auth_code = await latestCode(email);
  await ok(
    CALLS.amendPayPassword,
    { password: PAY_PASSWORD, re_password: PAY_PASSWORD, old_password: '', auth_code },
    token,
  );
  return { index, id, email, token, seq: 0, open: new Map(), lever: new Set() };
}

async function placeOne(u: Trader) {
  const market = MARKETS[rand() < 0.7 ? 0 : 1];
  const side: 1 | 2 = rand() < 0.5 ? 1 : 2;
  const roll = rand();
  // Crossing (takes liquidity) 45 %, resting 50 %, market 5 %.
  const crossing = roll < 0.45;
  const isMarket = roll >= 0.95;
  const offset = crossing ? 0.0005 + rand() * 0.004 : -(0.001 + rand() * 0.02);
  const price = market.mid * (side === 1 ? 1 + offset : 1 - offset);
  const qtyUnits = 10 ** market.qtyDecimals;
  const qty = Math.max(market.minQty, Math.floor(rand() * market.maxQty * qtyUnits) / qtyUnits);
  const clientOrderId = `u${u.index}-${u.seq++}`;
  const params: Record<string, unknown> = {
    currency_match_id: market.id,
    number: qty.toFixed(market.qtyDecimals),
    type: isMarket ? 1 : 0,
    client_order_id: clientOrderId,
  };
  if (!isMarket) params.price = price.toFixed(market.priceDecimals);
  const { answer, attempts } = await reliably(side === 1 ? CALLS.buy : CALLS.sell, params, u.token);
  if (attempts > 1) counters.retriedPlacements += 1;
  if (answer.body.code === 1) {
    const order: SpotOrder = CALLS.buy.response.parse(answer.body.data);
    if (order.client_order_id !== clientOrderId) {
      violation(`order ${order.id} came back with client id ${order.client_order_id}`);
    }
    acked.set(`${u.id}:${clientOrderId}`, { userId: u.id, clientOrderId, orderId: order.id });
    stats.placed += 1;
    if (order.status === 0) u.open.set(order.id, order.way);
    return;
  }
  const key = answer.body.error ?? `code ${answer.body.code}`;
  stats.refused.set(key, (stats.refused.get(key) ?? 0) + 1);
  if (!PLACE_REFUSALS.has(key)) violation(`placing ${JSON.stringify(params)} → ${key}`);
}

async function cancelOne(u: Trader) {
  const ids = [...u.open.keys()];
  const id = ids[Math.floor(rand() * ids.length)];
  if (id === undefined) return;
  const way = u.open.get(id);
  const { answer } = await reliably(
    way === 1 ? CALLS.buyCancel : CALLS.sellCancel,
    { id },
    u.token,
  );
  u.open.delete(id);
  if (answer.body.code === 1) {
    stats.cancels += 1;
    return;
  }
  // Filled meanwhile (or cancelled by a retry whose first answer was lost).
  if (answer.body.error === 'order.not_open') stats.cancelsNotOpen += 1;
  else violation(`cancelling own order ${id} → ${answer.body.error}`);
}

async function clientLoop(u: Trader, stop: () => boolean) {
  while (!stop()) {
    const roll = rand();
    if (roll < 0.08) await leverOne(u);
    else if (roll < 0.14) await microOne(u);
    else if (u.open.size > 0 && roll < 0.35) await cancelOne(u);
    else await placeOne(u);
  }
}

// ---------------------------------------------------------------------------------------------
// Checks.

interface OpenOrder {
  orderId: number;
  ownerId: number;
  side: number;
  price: number;
  remaining: number;
}

async function checkStore(store: Store): Promise<{ rows: number; open: number }> {
  const rows = await store.db
    .select({
      id: orders.id,
      userId: orders.userId,
      marketId: orders.marketId,
      side: orders.side,
      clientOrderId: orders.clientOrderId,
      status: orders.status,
      price: orders.price,
      qty: orders.qty,
      filledQty: orders.filledQty,
    })
    .from(orders)
    .orderBy(asc(orders.id));

  // Every acknowledged order exists exactly once, under the id it was acknowledged with.
  const byClient = new Map<string, number[]>();
  for (const r of rows) {
    if (r.clientOrderId === null) {
      violation(`order ${r.id} has no client id (every order of this test has one)`);
      continue;
    }
    const key = `${r.userId}:${r.clientOrderId}`;
    byClient.set(key, [...(byClient.get(key) ?? []), r.id]);
  }
  for (const [key, ids] of byClient) {
    if (ids.length > 1) violation(`client id ${key} has ${ids.length} orders: ${ids.join(', ')}`);
    if (!acked.has(key)) violation(`order ${ids.join(', ')} (${key}) was never acknowledged`);
  }
  for (const [key, a] of acked) {
    const ids = byClient.get(key) ?? [];
    if (ids.length !== 1 || ids[0] !== a.orderId) {
      violation(`acknowledged order ${a.orderId} (${key}) is stored as [${ids.join(', ')}]`);
    }
  }

  // Every acknowledged lever position is stored.
  const levers = await store.db.select({ id: leverPositions.id }).from(leverPositions);
  const storedLevers = new Set(levers.map((r) => r.id));
  for (const id of leverAcked) {
    if (!storedLevers.has(id)) violation(`acknowledged lever position ${id} is not stored`);
  }

  // Every acknowledged micro order is stored; each was held once and settled at most once, and
  // exactly once when closed.
  const micros = await store.db
    .select({ id: microOrders.id, status: microOrders.status })
    .from(microOrders);
  const storedMicros = new Map(micros.map((r) => [r.id, r.status]));
  for (const id of microAcked) {
    if (!storedMicros.has(id)) violation(`acknowledged micro order ${id} is not stored`);
  }
  const entries = await store.db
    .select({ kind: journal.kind, refId: journal.refId })
    .from(journal)
    .where(inArray(journal.kind, ['micro.hold', 'micro.settle']));
  const holds = new Map<number, number>();
  const settles = new Map<number, number>();
  for (const e of entries) {
    const m = e.kind === 'micro.hold' ? holds : settles;
    m.set(Number(e.refId), (m.get(Number(e.refId)) ?? 0) + 1);
  }
  for (const [id, status] of storedMicros) {
    if (holds.get(id) !== 1) violation(`micro order ${id} was held ${holds.get(id) ?? 0} times`);
    const settled = settles.get(id) ?? 0;
    if (status === 3 ? settled !== 1 : settled !== 0)
      violation(`micro order ${id} (status ${status}) was settled ${settled} times`);
  }
  for (const id of settles.keys()) {
    if (!storedMicros.has(id)) violation(`a settlement of micro order ${id}, which is not stored`);
  }

  // The ledger audit over the store.
  const report = await runAudit(store.db);
  if (!report.ok) violation(`audit: ${JSON.stringify(report.currencies.filter((c) => !c.ok))}`);

  // Rebuilding memory from the store (what a start does) gives exactly the open orders.
  const snapshot = await loadSpot(store.db);
  let open = 0;
  for (const market of snapshot.markets.values()) {
    market.book.checkInvariants();
    const priceUnit = 10n ** BigInt(18 - market.priceDecimals);
    const qtyUnit = 10n ** BigInt(18 - market.qtyDecimals);
    const expected: OpenOrder[] = rows
      .filter((r) => r.marketId === market.id && r.status === 0)
      .map((r) => ({
        orderId: r.id,
        ownerId: r.userId,
        side: r.side,
        price: Number(units(r.price) / priceUnit),
        remaining: Number((units(r.qty) - units(r.filledQty)) / qtyUnit),
      }));
    open += expected.length;
    const book = market.book.orders().sort((a, b) => a.orderId - b.orderId);
    if (JSON.stringify(book) !== JSON.stringify(expected)) {
      violation(
        `market ${market.id}: the rebuilt book (${book.length} orders) differs from the ${expected.length} open orders`,
      );
    }
    const [bid, ask] = [market.book.bestBid(), market.book.bestAsk()];
    if (bid !== null && ask !== null && bid >= ask) violation(`market ${market.id} is crossed`);
  }
  return { rows: rows.length, open };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const store = await freshStore();
  const logDir = mkdtempSync(join(tmpdir(), 'exchange-crash-log-'));
  server = new Server(await freePort(), store.env, logDir);
  console.log(
    `crash test: store=${store.kind} (${store.where}) seed=${SEED} clients=${CLIENTS} ` +
      `duration=${DURATION_MS / 1000}s kills>=${MIN_KILLS} port=${server.port}`,
  );
  if (!existsSync(mainJs))
    throw new Error(`${mainJs} is missing: run npm run build -w apps/server`);
  let failed = false;
  let kills = 0;
  let startupKills = 0;
  let summary = '';
  try {
    server.start();
    await server.ready();
    const operator = (await ok(CALLS.login, {
      login_type: 'email',
      account: OPERATOR.email,
      password: OPERATOR.password,
    })) as string;
    // Leverage open on BTC/USDT, with a house and an insurance that can pay.
    await ok(
      CALLS.adminLeverSettings,
      {
        currency_match_id: 1,
        open_lever: 1,
        multiples: [10, 20],
        max_share: 1000,
        max_open_interest: 1_000_000,
        // A mark from the traders' book within seconds of each start, and a house that owes up
        // to 1,000 × what pushing the mark one band costs on it.
        mark_min_depth: '100',
        mark_window_s: 5,
        manipulation_multiple: '0.001',
      },
      operator,
    );
    for (const [user, amount] of [
      ['lever-house', '1000000000'],
      ['lever-insurance', '1000000'],
    ]) {
      await ok(
        CALLS.ledgerAdjust,
        { user, currency: 'USDT', amount, reason: 'crash test lever house' },
        operator,
      );
    }
    // Micro trade on BTC/USDT in USDT, short durations, with a house that can pay.
    await ok(
      CALLS.adminMicroCurrency,
      {
        currency_id: 1,
        enabled: 1,
        micro_numbers: ['10', '50'],
        min_number: '10',
        max_number: '1000',
        fee_rate: '0.01',
        default_cap: '1000000',
      },
      operator,
    );
    await ok(
      CALLS.adminMicroPair,
      {
        match_id: 1,
        open_microtrade: 1,
        options: [
          { seconds: 5, profit_ratio: '0.8' },
          { seconds: 10, profit_ratio: '0.85' },
        ],
      },
      operator,
    );
    await ok(
      CALLS.adminMicroFund,
      { currency: 'USDT', amount: '1000000000', reason: 'crash test micro house' },
      operator,
    );
    // An index from one trade of 0.001 BTC by others, and a house that owes up to 1,000 × what
    // deciding it costs on the book: most stakes are taken, and settle on the traders' trades.
    await ok(
      CALLS.adminMicroSettings,
      {
        match_id: 1,
        currency_id: 1,
        index_min_trades: 1,
        index_min_volume: '0.001',
        manipulation_multiple: '0.001',
      },
      operator,
    );
    const traders: Trader[] = [];
    for (let i = 0; i < CLIENTS; i++) traders.push(await signUp(i, operator));
    console.log(`  ${CLIENTS} traders funded through admin/ledger/adjust`);

    let stopping = false;
    const clients = traders.map((u) => clientLoop(u, () => stopping));
    const chaosStart = Date.now();
    while (
      (Date.now() - chaosStart < DURATION_MS || kills < MIN_KILLS) &&
      Date.now() - started < HARD_STOP_MS
    ) {
      // Random uptimes that still fit MIN_KILLS kills (and their restarts) into the duration.
      const left = DURATION_MS - (Date.now() - chaosStart);
      const lastStart = server.startMs[server.startMs.length - 1] ?? 0;
      const slot = left / Math.max(1, MIN_KILLS - kills) - lastStart;
      await sleep(between(200, Math.max(300, Math.floor(slot * 1.6))));
      await server.kill();
      kills += 1;
      server.start();
      if (rand() < 0.2) {
        // Now and then while it is still starting: rebuilding, migrating, seeding.
        await sleep(between(30, 600));
        await server.kill();
        kills += 1;
        startupKills += 1;
        server.start();
      }
      await server.ready();
    }
    stopping = true;
    await Promise.all(clients);
    if (kills < MIN_KILLS) violation(`only ${kills} kills in the time allowed`);
    const report = CALLS.audit.response.parse(await ok(CALLS.audit, {}, operator));
    if (!report.ok) violation(`GET admin/audit after the kills: not ok`);
    await server.stop();

    // The store, opened here with the server stopped.
    const db = await store.open();
    let checked: { rows: number; open: number };
    try {
      checked = await checkStore(db);
    } finally {
      await db.close();
    }

    // Once more through the running server: every open order cancels; nothing stays locked.
    server.start();
    await server.ready();
    // Lever positions close first, while the book still gives a mark (once it stood half the
    // 5 s window after the start).
    const leverUser = traders[0];
    if (leverUser) {
      const markBy = Date.now() + 60_000;
      for (;;) {
        const deal = CALLS.leverDeal.response.parse(
          await ok(CALLS.leverDeal, { currency_match_id: 1 }, leverUser.token),
        );
        if (deal.mark_status === 'ok') break;
        if (Date.now() > markBy) {
          violation('no lever mark on BTC/USDT a minute after the last start');
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    for (const u of traders) {
      // Every lever position closes at one mark; nothing stays held in the lever account.
      const closeAll = await ok(CALLS.leverBatchClose, { currency_match_id: 1, type: 0 }, u.token);
      stats.leverCloses += CALLS.leverBatchClose.response.parse(closeAll).ids.length;
    }
    let drained = 0;
    for (const u of traders) {
      for (const list of [CALLS.buyList, CALLS.sellList]) {
        for (;;) {
          const page = list.response.parse(await ok(list, { page: 1, limit: 100 }, u.token));
          if (page.data.length === 0) break;
          for (const o of page.data) {
            const call = o.way === 1 ? CALLS.buyCancel : CALLS.sellCancel;
            const { answer } = await reliably(call, { id: o.id }, u.token);
            if (answer.body.code === 1) drained += 1;
            else violation(`open order ${o.id} did not cancel: ${answer.body.error}`);
          }
          if (page.data.length < 100) break;
        }
      }
      const lever = CALLS.detail.response.parse(
        await ok(CALLS.detail, { currency_id: 1, account_type_id: 3 }, u.token),
      );
      if (lever.lock_balance !== '0') {
        violation(`user ${u.id} still has ${lever.lock_balance} USDT held in the lever account`);
      }
      for (const currencyId of [1, 2, 3]) {
        const detail = CALLS.detail.response.parse(
          await ok(CALLS.detail, { currency_id: currencyId }, u.token),
        );
        if (detail.lock_balance !== '0') {
          violation(
            `user ${u.id} still has ${detail.lock_balance} locked in currency ${currencyId}`,
          );
        }
      }
    }
    // Every micro order settles (due ones at once on start, the rest within their seconds).
    for (const u of traders) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const open = CALLS.microLists.response.parse(
          await ok(CALLS.microLists, { status: 1 }, u.token),
        );
        if (open.total === 0) break;
        if (Date.now() > deadline) {
          violation(`user ${u.id} still has ${open.total} micro orders in progress`);
          break;
        }
        await sleep(250);
      }
      const wallets = CALLS.microCurrencies.response.parse(
        await ok(CALLS.microCurrencies, {}, u.token),
      );
      const usdt = wallets.find((w) => w.id === 1);
      if (usdt && usdt.micro_account.lock_balance !== '0') {
        violation(`user ${u.id} still has ${usdt.micro_account.lock_balance} USDT held for micro`);
      }
      const closed = CALLS.microLists.response.parse(
        await ok(CALLS.microLists, { status: 3, limit: 1 }, u.token),
      );
      stats.microSettled += closed.total;
    }
    if (drained !== checked.open) {
      violation(`cancelled ${drained} open orders through the API, the store had ${checked.open}`);
    }
    const final = CALLS.audit.response.parse(await ok(CALLS.audit, {}, operator));
    if (!final.ok) violation(`GET admin/audit after cancelling everything: not ok`);
    for (const c of final.currencies) {
      if (c.locked !== '0') violation(`${c.currency}: ${c.locked} still locked`);
    }
    await server.stop();

    const refused = [...stats.refused].map(([k, n]) => `${k}:${n}`).join(',') || 'none';
    summary =
      `CRASH store=${store.kind} kills=${kills} (while starting: ${startupKills}) ` +
      `starts=${server.starts} seconds=${Math.round((Date.now() - started) / 1000)} ` +
      `acked_orders=${acked.size} stored_orders=${checked.rows} open_rebuilt=${checked.open} ` +
      `lever_acked=${leverAcked.size} lever_closes=${stats.leverCloses} ` +
      `micro_acked=${microAcked.size} micro_settled=${stats.microSettled} ` +
      `cancels=${stats.cancels} cancels_not_open=${stats.cancelsNotOpen} refused=${refused} ` +
      `start_ms_median=${median(server.startMs)} start_ms_max=${Math.max(...server.startMs)} ` +
      `requests=${counters.requests} lost_answers=${counters.lostAnswers} ` +
      `retried_placements=${counters.retriedPlacements} http_5xx=${counters.serverErrors} ` +
      `audit=${final.ok ? 'ok' : 'FAILED'} violations=${violations.length}`;
  } catch (err) {
    failed = true;
    console.error(err);
    await server.kill();
  } finally {
    const keep = failed || violations.length > 0;
    if (keep) {
      console.error(`server log: ${server.log}`);
      if (existsSync(server.log)) {
        const lines = readFileSync(server.log, 'utf8').trim().split('\n');
        console.error(lines.slice(-30).join('\n'));
      }
      console.error(`store kept for inspection: ${store.where}`);
    } else rmSync(logDir, { recursive: true, force: true });
    await store.dispose(keep);
  }
  if (summary) console.log(summary);
  if (failed || violations.length) {
    console.error(`crash test FAILED: ${violations.length} violation(s)`);
    for (const v of violations.slice(0, 20)) console.error(`  - ${v}`);
    process.exit(1);
  }
  console.log('crash test passed');
}

await main();
