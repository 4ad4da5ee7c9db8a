/**
 * Micro trade on the demo (`npm run bench:micro-demo`): starts the BUILT server as `npm start`
 * does (DEMO=1, MARKET_MAKER=1, embedded PGlite in a fresh directory), lets the market maker trade
 * for a while, then a trader stakes 100 micro orders of 10 USDT, 30 s each, up and down in turn on
 * BTC/USDT and ETH/USDT, one every 0.6 s. It counts how they ended: the price-integrity rules
 * (volume-weighted index with minimums, the bettor's own trades left out, the house's bound) must
 * leave the demo usable, with most orders settled as a win or a loss rather than void or tie.
 *
 * Prints one line: RESULT orders=… accepted=… refused=… win=… loss=… tie=… void=… decided_pct=…
 *   refusals=<key:count,…>
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer, waitHealthy } from './server.js';

const HOST = '127.0.0.1';
const ORDERS = Number(process.env.BENCH_MICRO_DEMO_ORDERS ?? 100);
const GAP_MS = Number(process.env.BENCH_MICRO_DEMO_GAP_MS ?? 600);
const WARM_MS = Number(process.env.BENCH_MICRO_DEMO_WARM_MS ?? 20_000);
const SERVER_JS =
  process.env.BENCH_SERVER_JS ??
  fileURLToPath(new URL('../apps/server/dist/main.mjs', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Envelope {
  code: number;
  error?: string;
  data?: unknown;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-micro-demo-'));
  const port = await freePort(HOST);
  const base = `http://${HOST}:${String(port)}`;
  const server = spawnServer([SERVER_JS], dir, {
    PORT: String(port),
    HOST,
    DATA_DIR: join(dir, 'data'),
    DEMO: '1',
    MARKET_MAKER: '1',
    LOG_LEVEL: 'warn',
  });
  const call = async (method: 'GET' | 'POST', path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: token } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Envelope;
  };
  try {
    await waitHealthy(base, server, 180_000);
    const login = (account: string, password: string) =>
      call('POST', 'user/login', { login_type: 'email', account, password }).then((e) => {
        if (e.code !== 1) throw new Error(`login ${account}: ${JSON.stringify(e)}`);
        return e.data as string;
      });
    const op = await login('admin@exchange.test', 'admin123456');
    const demo = await login('demo@exchange.test', 'demo123456');
    const funded = await call(
      'POST',
      'admin/ledger/adjust',
      {
        user: 'demo@exchange.test',
        currency: 'USDT',
        amount: '5000',
        reason: 'micro demo bench',
        account_type: 4,
      },
      op,
    );
    if (funded.code !== 1) throw new Error(`funding: ${JSON.stringify(funded)}`);
    await sleep(WARM_MS);
    const pairs = [1, 2];
    const ids: number[] = [];
    const refusals = new Map<string, number>();
    for (let i = 0; i < ORDERS; i++) {
      const res = await call(
        'POST',
        'microtrade/submit',
        {
          match_id: pairs[i % 2],
          currency_id: 1,
          type: Math.floor(i / 2) % 2 === 0 ? 1 : 2,
          seconds: 30,
          number: '10',
        },
        demo,
      );
      if (res.code === 1) ids.push((res.data as { id: number }).id);
      else refusals.set(res.error ?? '?', (refusals.get(res.error ?? '?') ?? 0) + 1);
      await sleep(GAP_MS);
    }
    // Every accepted order ends within 32 s of its acceptance.
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 120; round++) {
      await sleep(1_000);
      outcomes.clear();
      let closed = 0;
      for (let page = 1; page <= 20; page++) {
        const res = await call('GET', `microtrade/lists?status=3&page=${page}&limit=50`, {}, demo);
        const list = res.data as { data: { id: number; outcome: string }[]; last_page: number };
        for (const o of list.data) {
          if (!ids.includes(o.id)) continue;
          closed += 1;
          outcomes.set(o.outcome, (outcomes.get(o.outcome) ?? 0) + 1);
        }
        if (page >= list.last_page) break;
      }
      if (closed >= ids.length) break;
    }
    const n = (k: string) => outcomes.get(k) ?? 0;
    const decided = n('win') + n('loss');
    console.log(
      `RESULT orders=${ORDERS} accepted=${ids.length} refused=${ORDERS - ids.length} ` +
        `win=${n('win')} loss=${n('loss')} tie=${n('tie')} void=${n('void')} ` +
        `decided_pct=${ids.length ? Math.round((decided * 100) / ids.length) : 0} ` +
        `refusals=${[...refusals].map(([k, v]) => `${k}:${v}`).join(',') || 'none'}`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
