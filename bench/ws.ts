/**
 * WebSocket fan-out benchmark. Starts the server (apps/server/src/main.ts, as `npm start` runs it)
 * in a child process on a free loopback port with a fresh PGlite directory, DEMO=1 and the market
 * maker on; connects WS_CLIENTS (default 5,000) clients subscribed to MARKET_DEPTH.BTC/USDT and
 * DAY_MARKET; measures for WS_SECONDS (default 25) the pushes received per second in total and the
 * delay from the server's `ts` (publication time) to receipt; counts clients the server dropped.
 * Ends with one RESULT line. Loopback only; stops by itself.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { freePort } from './server.js';

const CLIENTS = Number(process.env.WS_CLIENTS ?? 5_000);
const SECONDS = Number(process.env.WS_SECONDS ?? 25);
const SYMBOL = 'BTC/USDT';
const HOST = '127.0.0.1';
/** Connections opened at once: stays under the listen backlog. */
const CONNECT_BATCH = 250;
const WARMUP_MS = 2_000;
const START_TIMEOUT_MS = 120_000;

const here = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));

/** Every client socket and the server's end of it need a descriptor (the server is a child). */
function ensureFileLimit(): void {
  const need = CLIENTS + 1_024;
  const soft = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  if (!Number.isFinite(soft) || soft >= need || process.env.WS_BENCH_RAISED) return;
  // A process cannot raise its own limit from Node: run again under a shell that does.
  console.log(`ulimit -n is ${soft}; re-running with ${need}`);
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      `ulimit -n ${need} && exec "$0" "$@"`,
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, WS_BENCH_RAISED: '1' } },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
  throw new RaisedLimit();
}

class RaisedLimit extends Error {}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // Always the embedded store: a fresh PGlite directory.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(here('../node_modules/.bin/tsx'), [here('../apps/server/src/main.ts')], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DEMO: '1',
      MARKET_MAKER: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '12',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  const end = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://${HOST}:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Stats {
  measuring: boolean;
  pushes: number;
  depth: number;
  dayMarket: number;
  delays: number[];
  dropped: number;
  subscribed: number;
}

const DEPTH_PREFIX = Buffer.from('{"type":"MARKET_DEPTH"');
const DAY_PREFIX = Buffer.from('{"type":"DAY_MARKET"');
const SUB_OK_PREFIX = Buffer.from('{"type":"sub","code":1');
const TS_KEY = Buffer.from('"ts":');

function startsWith(frame: Buffer, prefix: Buffer): boolean {
  return (
    frame.length >= prefix.length && frame.compare(prefix, 0, prefix.length, 0, prefix.length) === 0
  );
}

/**
 * The `ts` of a push, read from the bytes without decoding or parsing the frame (the client side
 * must stay cheaper than the server it measures): the first `"ts":` is the push's own.
 */
function tsOf(frame: Buffer): number | null {
  const at = frame.indexOf(TS_KEY);
  if (at < 0) return null;
  let value = 0;
  for (let i = at + TS_KEY.length; i < frame.length; i++) {
    const d = (frame[i] ?? 0) - 48;
    if (d < 0 || d > 9) break;
    value = value * 10 + d;
  }
  return value || null;
}

function connect(url: string, stats: Stats, closing: { value: boolean }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let open = false;
    socket.on('open', () => {
      open = true;
      socket.send(JSON.stringify({ type: 'sub', params: `MARKET_DEPTH.${SYMBOL}` }));
      socket.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
      resolve(socket);
    });
    socket.on('message', (frame: Buffer) => {
      const depth = startsWith(frame, DEPTH_PREFIX);
      const day = !depth && startsWith(frame, DAY_PREFIX);
      if (!depth && !day) {
        if (startsWith(frame, SUB_OK_PREFIX)) stats.subscribed++;
        return;
      }
      if (!stats.measuring) return;
      stats.pushes++;
      if (depth) stats.depth++;
      else stats.dayMarket++;
      const ts = tsOf(frame);
      if (ts !== null) stats.delays.push(Date.now() - ts);
    });
    socket.on('close', () => {
      if (!closing.value) stats.dropped++;
    });
    socket.on('error', (err) => {
      if (!open) reject(err);
    });
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  ensureFileLimit();
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-ws-bench-'));
  const port = await freePort(HOST);
  console.log(`starting the server on ${HOST}:${port} (DEMO=1, MARKET_MAKER=1, data ${dataDir})`);
  let server: ChildProcess | null = null;
  const sockets: WebSocket[] = [];
  const closing = { value: false };
  try {
    server = await startServer(port, dataDir);
    const stats: Stats = {
      measuring: false,
      pushes: 0,
      depth: 0,
      dayMarket: 0,
      delays: [],
      dropped: 0,
      subscribed: 0,
    };
    const url = `ws://${HOST}:${port}/ws`;
    const started = Date.now();
    for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, () =>
        connect(url, stats, closing),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    const deadline = Date.now() + 30_000;
    while (stats.subscribed < 2 * CLIENTS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(
      `${sockets.length} clients connected and ${stats.subscribed / 2} subscribed in ${Date.now() - started} ms`,
    );
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    stats.measuring = true;
    const from = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1_000));
    stats.measuring = false;
    const elapsed = (Date.now() - from) / 1_000;

    const delays = stats.delays.sort((a, b) => a - b);
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    const max = delays.at(-1) ?? 0;
    const rate = Math.round(stats.pushes / elapsed);
    console.log(
      `${elapsed.toFixed(1)} s: ${stats.pushes} pushes (${stats.depth} MARKET_DEPTH, ${stats.dayMarket} DAY_MARKET), ` +
        `${Math.round((stats.depth / CLIENTS / elapsed) * 10) / 10} depth and ${Math.round((stats.dayMarket / CLIENTS / elapsed) * 10) / 10} DAY_MARKET per client per s; ` +
        `delay p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
    );
    console.log(
      `RESULT ws_clients=${CLIENTS} msgs_per_s=${rate} p99_delay_ms=${p99} dropped=${stats.dropped}`,
    );
  } finally {
    closing.value = true;
    for (const s of sockets) s.terminate();
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  if (err instanceof RaisedLimit) return;
  console.error(err);
  process.exit(1);
});
