/**
 * Order API benchmark (`npm run bench:api`, which builds the server first).
 *
 * For each store (PGlite in a fresh data directory, then PostgreSQL in a fresh database) it starts
 * the BUILT server (apps/server/dist/main.mjs) as a child process on a free loopback port with
 * MARKET_MAKER=0, DEMO=0, LOG_LEVEL=warn and TRUST_PROXY=1 (each bench user signs up from its own
 * forwarded address, so the per-address sign-up limits hold). BENCH_USERS users (200) register
 * through the public calls and are funded through the operator's admin/ledger/adjust. Then, over
 * keep-alive HTTP with BENCH_CONCURRENCY requests in flight (128; each worker sends its next request
 * when the last is answered, so by Little's law the mean latency is the requests in flight divided
 * by the throughput: 256 in flight at 5,000 orders/s is 51 ms of queueing by construction, whatever
 * the server does; more in flight buys a little throughput with a proportionally longer wait):
 *  1. GET /api/health for BENCH_GET_SECONDS (5): the HTTP stack's ceiling on this machine;
 *  2. tx_in/add and tx_out/add for BENCH_SECONDS (15) after a 2 s warm-up: half cross the book,
 *     half rest near it, on BTC/USDT and ETH/USDT. Each is answered only after its group commit.
 * It checks the ledger audit afterwards and prints per store one line
 *   RESULT store=<pglite|postgres> orders_per_s=… p50_ms=… p99_ms=… trivial_get_per_s=…
 * plus the server's CPU use (also per order placed, a figure that moves less than orders/s when the
 * machine is shared): the whole process, its main thread (the event loop, which also matches
 * orders; with PGLITE_THREAD the embedded database runs in another thread), and on PostgreSQL the
 * database's own processes. BENCH_CPU_PROF=1 runs the server with --cpu-prof and prints where its time
 * went (BENCH_CPU_PROF_KEEP=1 keeps the .cpuprofile files and prints where). BENCH_STORES=pglite
 * or =postgres runs one; DATABASE_URL (default postgres://root@127.0.0.1:5432/postgres) names the
 * PostgreSQL server; BENCH_KEEP_DB=1 keeps the bench's database afterwards and prints its name (to
 * read its tables' and indexes' statistics). BENCH_SERVER_JS runs
 * another bundle (an instrumented build, say) and BENCH_SERVER_LOG=1 shows its output.
 * Loopback only. The client shares the machine with the server, so both load phases go through the
 * small keep-alive client in http-client.ts (one socket per in-flight request, prebuilt request
 * text, responses parsed only as far as status, content-length and a `{"code":1,` prefix, the rest
 * parsed as JSON only for an error), which uses about a third of the CPU per request that node's
 * http module did; the per-store line prints it per order placed as
 * bench_client_cpu_per_request_us.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, waitHealthy, type Running } from './server.js';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Connection, getRequest, postHead, type Reply } from './http-client.js';

const num = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const USERS = num('BENCH_USERS', 200);
const CONCURRENCY = num('BENCH_CONCURRENCY', 128);
const SECONDS = num('BENCH_SECONDS', 15);
const GET_SECONDS = num('BENCH_GET_SECONDS', 5);
const WARMUP_MS = 2_000;
const STORES = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const PG_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const CPU_PROF_KEEP = process.env.BENCH_CPU_PROF_KEEP === '1';
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const HOST = '127.0.0.1';
const ADMIN = { email: 'admin@exchange.test', password: 'bench12345' };
const MAIN =
  process.env.BENCH_SERVER_JS ??
  fileURLToPath(new URL('../apps/server/dist/main.mjs', import.meta.url));
const SERVER_LOG = process.env.BENCH_SERVER_LOG === '1';
const SERVER_DIR = fileURLToPath(new URL('../apps/server/', import.meta.url));

// ---- HTTP over keep-alive sockets: node's http for the set-up, http-client.ts for the load. ----

interface Envelope {
  code: number;
  data: unknown;
  error?: string;
}

let agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let port = 0;

function request(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: HOST,
        port,
        path: `/api/${path}`,
        method,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

async function ok(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await request(method, path, body, headers);
  if (res.body.code !== 1) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

// ---- The server. ----

function startServer(env: Record<string, string>, profDir: string | null): Running {
  const args = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, MAIN] : [MAIN];
  return spawnServer(
    args,
    SERVER_DIR,
    {
      NODE_ENV: 'development',
      HOST,
      PORT: String(port),
      DEMO: '0',
      MARKET_MAKER: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PASSWORD_HASH_COST: '10',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      // 200 traders at 10,000 orders/s place 50 a second each, the default per-user limit.
      RATE_LIMIT_FACTOR: '1000',
      ...env,
    },
    SERVER_LOG,
  );
}

function waitReady(server: Running) {
  return waitHealthy(`http://${HOST}:${String(port)}`, server, 120_000);
}

/**
 * utime + stime of a process in seconds (Linux), for the server's CPU use; with `thread`, of that
 * one thread (the main thread's id is the process id: the event loop's share).
 */
function cpuSeconds(pid: number | undefined, thread?: number): number {
  if (pid === undefined) return 0;
  try {
    const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of the PostgreSQL processes working for the bench database (its backends) and for
 * every database (WAL writer, checkpointer, background writer), by process id.
 */
async function dbCpu(database: string | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!database) return out;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
       or backend_type in ('walwriter', 'checkpointer', 'background writer')`,
      [database],
    );
    for (const { pid } of rows) out.set(pid, cpuSeconds(pid));
  } finally {
    await c.end();
  }
  return out;
}

/** CPU used between two readings; a process first seen in the second started in between. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

// ---- Users. ----

interface User {
  token: string;
}

async function signUp(i: number, operator: string): Promise<User> {
  // A forwarded address per user: the sign-up limits count per address.
  const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  const email = `bench${i}x${randomBytes(3).toString('hex')}@example.com`;
  const password = 'bench12345';
  await ok('POST', 'notify/send_email', { to: email, type: 1 }, ip);
  const outbox = (await ok('GET', `dev/outbox?to=${encodeURIComponent(email)}`)) as {
    body: string;
  }[];
  const code = /\b(\d{6})\b/.exec(outbox[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  await ok(
    'POST',
    'user/register',
    { type: 'email', account: email, password, re_password: password, sms_code: code },
    ip,
  );
  const token = (await ok(
    'POST',
    'user/login',
    { login_type: 'email', account: email, password },
    ip,
  )) as string;
  for (const [currency, amount] of [
    ['USDT', '1000000000'],
    ['BTC', '20000'],
    ['ETH', '200000'],
  ]) {
    await ok(
      'POST',
      'admin/ledger/adjust',
      { user: email, currency, amount, reason: 'bench funding' },
      { authorization: operator },
    );
  }
  return { token };
}

async function inParallel<T>(n: number, width: number, make: (i: number) => Promise<T>) {
  const out: T[] = new Array<T>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

// ---- Load. ----

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** One connection per closed-loop worker, for both load phases. */
function connections(): Connection[] {
  return Array.from({ length: CONCURRENCY }, () => new Connection(HOST, port));
}

const OK_PREFIX = Buffer.from('{"code":1,');

/** The envelope of a load-phase reply: null when its code is 1, else the error's key as before. */
function replyError(reply: Reply): string | null {
  const { body } = reply;
  const n = OK_PREFIX.length;
  if (body.length >= n && body.compare(OK_PREFIX, 0, n, 0, n) === 0) return null;
  const envelope = JSON.parse(body.toString('utf8')) as Envelope;
  return envelope.code === 1 ? null : `${reply.status} ${envelope.error ?? envelope.code}`;
}

async function getPhase(conns: Connection[], seconds: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  const health = getRequest(HOST, port, '/api/health');
  let count = 0;
  await Promise.all(
    conns.map(async (conn) => {
      while (Date.now() < end) {
        const res = await conn.send(health);
        if (res.status === 200) count++;
      }
    }),
  );
  return count / seconds;
}

const MARKETS = [
  { id: 1, mid: 65000, pd: 2, lots: [1000, 10000], qd: 6 },
  { id: 2, mid: 3200, pd: 2, lots: [1000, 20000], qd: 5 },
] as const;

async function orderPhase(users: User[], conns: Connection[]) {
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const start = Date.now();
  const measureFrom = start + WARMUP_MS;
  const end = measureFrom + SECONDS * 1000;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let acked = 0;
  let placed = 0;
  // Each user's request heads, up to the content-length value.
  const heads = users.map((u) => ({
    buy: postHead(HOST, port, '/api/tx_in/add', { authorization: u.token }),
    sell: postHead(HOST, port, '/api/tx_out/add', { authorization: u.token }),
  }));
  await Promise.all(
    conns.map(async (conn) => {
      while (Date.now() < end) {
        const user = heads[Math.floor(rnd() * users.length)];
        const market = MARKETS[rnd() < 0.6 ? 0 : 1];
        if (!user) continue;
        const buy = rnd() < 0.5;
        // Half cross the book by up to 0.3 %, half rest up to 0.5 % away from the mid.
        const away = rnd() < 0.5 ? -rnd() * 0.003 : rnd() * 0.005;
        const price = market.mid * (buy ? 1 - away : 1 + away);
        const lots = market.lots[0] + Math.floor(rnd() * (market.lots[1] - market.lots[0]));
        // The bytes JSON.stringify gives for { currency_match_id, number, price, type: 0 }; all
        // ASCII, so its length is its content-length.
        const body =
          `{"currency_match_id":${market.id},` +
          `"number":"${(lots / 10 ** market.qd).toFixed(market.qd)}",` +
          `"price":"${price.toFixed(market.pd)}","type":0}`;
        const req = `${buy ? user.buy : user.sell}${body.length}\r\n\r\n${body}`;
        const t0 = performance.now();
        const res = await conn.send(req);
        const ms = performance.now() - t0;
        placed++;
        const now = Date.now();
        const key = replyError(res);
        if (key !== null) {
          errors.set(key, (errors.get(key) ?? 0) + 1);
        } else if (now >= measureFrom && now <= end) {
          acked++;
          latencies.push(ms);
        }
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return {
    ordersPerS: acked / SECONDS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    placed,
    errors,
  };
}

// ---- Profile summary. ----

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script URL belongs to, or our bundle, or node itself. */
function areaOf(url: string): string | null {
  if (url.startsWith('wasm://')) return 'pglite (wasm)';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.includes('/dist/main.mjs')) return 'server bundle';
  if (url.startsWith('node:')) return 'node';
  return null;
}

/**
 * Self time by area (a native or node frame such as writev or open counts for the nearest caller
 * outside node, so PGlite's file writes and fastify's socket writes land where they belong) and the
 * functions with the most self time.
 */
function summarizeProfile(dir: string) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) {
    console.log('  (no CPU profile written)');
    return;
  }
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const areaOfNode = (id: number): string => {
    const node = byId.get(id);
    if (!node) return 'other';
    const name = node.callFrame.functionName;
    if (name === '(idle)') return 'idle';
    if (name === '(garbage collector)') return 'gc';
    if (name === '(program)') return 'program';
    // The first caller that is not node itself names the area (node's own frames count as node
    // only when nothing else is on the stack: the event loop, timers, the HTTP parser).
    let nodeSeen = false;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const area = areaOf(byId.get(cur)?.callFrame.url ?? '');
      if (area === 'node') nodeSeen = true;
      else if (area) return area;
    }
    return nodeSeen ? 'node' : 'other';
  };
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOfNode(id);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = url ? url.split('/').slice(-2).join('/') : area;
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
  console.log(
    `  server CPU profile by area: ${[...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${pct(v)}`)
      .join(', ')}`,
  );
  console.log('  top functions (self time):');
  for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`    ${pct(v).padStart(6)}  ${k}`);
  }
}

// ---- One store. ----

async function runStore(kind: 'pglite' | 'postgres'): Promise<string> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let database: string | null = null;
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'exchange-bench-'));
    env = { DATA_DIR: dir };
    cleanup = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  } else {
    const name = `exchange_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    database = name;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      if (KEEP_DB) return console.log(`  kept database ${name}`);
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const profDir = CPU_PROF ? mkdtempSync(join(tmpdir(), 'exchange-bench-prof-')) : null;
  port = await freePort(HOST);
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const conns = connections();
  const server = startServer(env, profDir);
  try {
    await waitReady(server);
    const operator = (await ok('POST', 'user/login', {
      login_type: 'email',
      account: ADMIN.email,
      password: ADMIN.password,
    })) as string;
    const t0 = Date.now();
    const users = await inParallel(USERS, 16, (i) => signUp(i, operator));
    console.log(`  [${kind}] ${USERS} users signed up and funded in ${Date.now() - t0} ms`);

    const pid = server.child.pid;
    let cpu0 = cpuSeconds(pid);
    const getPerS = await getPhase(conns, GET_SECONDS);
    const getCpu = (cpuSeconds(pid) - cpu0) / GET_SECONDS;
    const db0 = await dbCpu(database);
    cpu0 = cpuSeconds(pid);
    const main0 = cpuSeconds(pid, pid);
    const client0 = process.cpuUsage();
    const wall0 = Date.now();
    const orders = await orderPhase(users, conns);
    const wall = (Date.now() - wall0) / 1000;
    const serverCpuSeconds = cpuSeconds(pid) - cpu0;
    const mainCpuSeconds = cpuSeconds(pid, pid) - main0;
    const dbCpuSeconds = cpuBetween(db0, await dbCpu(database));
    const perOrderUs = (seconds: number) =>
      (orders.placed ? (seconds / orders.placed) * 1e6 : 0).toFixed(0);
    const serverCpu = serverCpuSeconds / wall;
    // CPU per order placed: on a shared machine it moves less than orders/s does.
    const cpuPerOrderUs = orders.placed ? (serverCpuSeconds / orders.placed) * 1e6 : 0;
    const c = process.cpuUsage(client0);
    const clientCpu = (c.user + c.system) / 1e6 / wall;
    const clientCpuPerRequestUs = orders.placed ? (c.user + c.system) / orders.placed : 0;

    const audit = (await ok('GET', 'admin/audit', undefined, { authorization: operator })) as {
      ok: boolean;
    };
    const errors = [...orders.errors].map(([k, v]) => `${k}:${v}`).join(',') || 'none';
    console.log(
      `  [${kind}] orders placed=${orders.placed} max_ms=${orders.max.toFixed(1)} errors=${errors} ` +
        `audit=${audit.ok ? 'ok' : 'FAILED'} server_cpu=${(serverCpu * 100).toFixed(0)}% ` +
        `server_cpu_per_order_us=${cpuPerOrderUs.toFixed(0)} ` +
        `main_thread_cpu_per_order_us=${perOrderUs(mainCpuSeconds)} ` +
        (database ? `db_cpu_per_order_us=${perOrderUs(dbCpuSeconds)} ` : '') +
        `(health phase ${(getCpu * 100).toFixed(0)}%) bench_client_cpu=${(clientCpu * 100).toFixed(0)}% ` +
        `bench_client_cpu_per_request_us=${clientCpuPerRequestUs.toFixed(0)}`,
    );
    if (!audit.ok) process.exitCode = 1;
    return (
      `RESULT store=${kind} orders_per_s=${Math.round(orders.ordersPerS)} ` +
      `p50_ms=${orders.p50.toFixed(1)} p99_ms=${orders.p99.toFixed(1)} ` +
      `trivial_get_per_s=${Math.round(getPerS)}`
    );
  } finally {
    server.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      server.exited,
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 20_000))),
    ]);
    clearTimeout(timer);
    if (code === 'timeout') server.child.kill('SIGKILL');
    agent.destroy();
    for (const conn of conns) conn.close();
    if (profDir) {
      summarizeProfile(profDir);
      if (CPU_PROF_KEEP) console.log(`  profile kept in ${profDir}`);
      else rmSync(profDir, { recursive: true, force: true });
    }
    await cleanup();
  }
}

async function postgresReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const results: string[] = [];
console.log(
  `api bench: users=${USERS} concurrency=${CONCURRENCY} seconds=${SECONDS} stores=${STORES.join(',')}`,
);
for (const store of STORES) {
  if (store === 'pglite') results.push(await runStore('pglite'));
  else if (store === 'postgres') {
    if (await postgresReachable()) results.push(await runStore('postgres'));
    else results.push(`RESULT store=postgres skipped (no server at ${PG_URL})`);
  } else throw new Error(`unknown store ${store}`);
}
for (const line of results) console.log(line);
