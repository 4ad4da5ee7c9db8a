/**
 * Web client benchmark (`npm run bench:web`, which builds the web client and the server first).
 *
 * It copies the built web client (apps/web/dist) to a temporary directory (WEB_DIST, so a rebuild
 * running meanwhile cannot change the files under test), starts the BUILT server
 * (apps/server/dist/main.mjs) on a free loopback port with a fresh temporary DATA_DIR, DEMO=1 and
 * MARKET_MAKER=1, waits for /api/health, and drives Debian's Chromium (/usr/bin/chromium, headless,
 * never a downloaded browser) at 1440×900:
 *
 * Playwright (playwright-core), BENCH_WEB_RUNS (3) loads of /home and of /trade, each in a new
 * browser context (cold cache, no cookies or storage), the median of each figure:
 *  - *_js_kb: bytes of script responses as transferred (encoded body, i.e. compressed, without the
 *    headers: Playwright's request.sizes().responseBodySize; 1 KB = 1,024 bytes), counting every
 *    script that finished loading until the network was quiet (networkidle: 500 ms without a
 *    request; the WebSocket does not count) once the page showed what it measures;
 *  - *_fcp_ms: performance 'first-contentful-paint' startTime;
 *  - trade_book_ms: from navigation start until the first animation frame in which the order book
 *    ([data-testid=order-book]) holds a row whose [data-testid=book-price] reads a positive number;
 *  - trade_chart_ms: from navigation start until the chart has drawn its bars: the first animation
 *    frame in which the chart ([data-testid=kline-chart]) holds its canvases and its legend shows a
 *    bar's OHLCV ([data-testid=chart-ohlcv], rendered in the same commit that hands the market/kline
 *    answer to lightweight-charts), plus two more frames (lightweight-charts paints in its own
 *    animation frame). After the run the bench checks that a canvas really holds coloured pixels.
 *
 * Lighthouse (v12, programmatic, default mobile preset with simulated throttling, categories
 * performance and accessibility) once on /home and once on /trade, in a Chromium started by
 * chrome-launcher: the scores ×100 and trade's cumulative-layout-shift. If Lighthouse fails, those
 * fields print `na` and the reason goes to stderr; the rest still prints.
 *
 * Prints one line on stdout:
 *   RESULT home_js_kb=… home_fcp_ms=… trade_js_kb=… trade_fcp_ms=… trade_book_ms=… trade_chart_ms=…
 *     home_lh_perf=… home_lh_a11y=… trade_lh_perf=… trade_lh_a11y=… trade_cls=…
 * Progress goes to stderr. BENCH_WEB_RUNS sets the loads per page, BENCH_WEB_LIGHTHOUSE=0 skips
 * Lighthouse, BENCH_SERVER_LOG=1 shows the server's output, CHROMIUM_PATH another browser binary.
 * The whole run stops after BENCH_WEB_TIMEOUT_S (225) seconds, stopping the server and browsers.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort, spawnServer, waitHealthy } from './server.js';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const num = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const RUNS = Math.round(num('BENCH_WEB_RUNS', 3));
const TIMEOUT_S = num('BENCH_WEB_TIMEOUT_S', 225);
const LIGHTHOUSE = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
const SERVER_LOG = process.env.BENCH_SERVER_LOG === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HOST = '127.0.0.1';
const VIEWPORT = { width: 1440, height: 900 };
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGE_TIMEOUT_MS = 30_000;
const MAIN = fileURLToPath(new URL('../apps/server/dist/main.mjs', import.meta.url));
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../apps/server/', import.meta.url));

const t0 = Date.now();
const log = (msg: string) =>
  process.stderr.write(`[bench:web ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---- Clean-up: everything started is stopped on success, failure, a signal or the time limit. ----

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`clean-up: ${String(err)}`);
      }
    }
  })();
  return cleaning;
}
async function fail(reason: string): Promise<never> {
  log(`FAILED: ${reason}`);
  await cleanup();
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fail(`received ${signal}`));
}
setTimeout(() => void fail(`over the ${String(TIMEOUT_S)} s limit`), TIMEOUT_S * 1000).unref();

// ---- The server. ----

async function startServer(): Promise<string> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}index.html is missing: run npm run build first`);
  }
  const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const webDist = join(work, 'web');
  cpSync(WEB_DIST, webDist, { recursive: true });
  let port = await freePort(HOST);
  while (port === 8080 || port === 8181) port = await freePort(HOST);
  const server = spawnServer(
    [MAIN],
    SERVER_DIR,
    {
      NODE_ENV: 'development',
      HOST,
      PORT: String(port),
      DATA_DIR: join(work, 'data'),
      WEB_DIST: webDist,
      DEMO: '1',
      MARKET_MAKER: '1',
      ADMIN_PASSWORD: 'bench12345',
      LOG_LEVEL: 'warn',
      // Many page loads from one address in a minute.
      RATE_LIMIT_FACTOR: '100',
    },
    SERVER_LOG,
  );
  let exited = false;
  void server.exited.then(() => (exited = true));
  cleanups.push(async () => {
    if (exited) return;
    server.child.kill('SIGTERM');
    const stopped = await Promise.race([
      server.exited.then(() => true),
      sleep(10_000).then(() => false),
    ]);
    if (!stopped) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
  const base = `http://${HOST}:${String(port)}`;
  await waitHealthy(base, server, 60_000);
  return base;
}

// ---- Playwright. ----

/**
 * Runs in the page before its own scripts: an animation-frame loop that records (performance.now(),
 * i.e. ms since navigation start) the first frame in which the order book shows a priced row and
 * the frame two after the one in which the chart has its canvases and a bar in its legend.
 */
const PROBE = `(() => {
  const marks = (window.__bench = { book: null, chart: null, chartSeen: null });
  const bookReady = () => {
    for (const el of document.querySelectorAll('[data-testid="order-book"] [data-testid="book-price"]')) {
      const n = Number((el.textContent || '').replace(/[^0-9.]/g, ''));
      if (n > 0) return true;
    }
    return false;
  };
  const chartReady = () =>
    document.querySelector('[data-testid="kline-chart"] canvas') !== null &&
    document.querySelector('[data-testid="kline-chart"] [data-testid="chart-ohlcv"]') !== null;
  let frames = 0;
  const tick = () => {
    const now = performance.now();
    if (marks.book === null && bookReady()) marks.book = now;
    if (marks.chartSeen === null && chartReady()) marks.chartSeen = frames;
    else if (marks.chartSeen !== null && marks.chart === null && frames >= marks.chartSeen + 2) marks.chart = now;
    frames++;
    if (marks.book === null || marks.chart === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const FCP = `new Promise((resolve) => {
  const read = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
  const have = read();
  if (have !== undefined) return resolve(have);
  new PerformanceObserver(() => { const v = read(); if (v !== undefined) resolve(v); })
    .observe({ type: 'paint', buffered: true });
})`;

/** Whether a chart canvas holds pixels of more than a handful of colours (bars were drawn). */
const CHART_PIXELS = `(() => {
  let best = 0;
  for (const c of document.querySelectorAll('[data-testid="kline-chart"] canvas')) {
    if (!c.width || !c.height) continue;
    const ctx = c.getContext('2d');
    if (!ctx) continue;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) {
      if (data[i + 3] > 0) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    best = Math.max(best, colours.size);
  }
  return best;
})()`;

interface Load {
  jsKb: number;
  fcpMs: number;
  bookMs?: number;
  chartMs?: number;
}

async function loadOnce(browser: Browser, url: string, trade: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page: Page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await page.addInitScript({ content: PROBE });
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(url, { waitUntil: 'load' });
    const fcpMs = await page.evaluate<number>(FCP);
    let bookMs: number | undefined;
    let chartMs: number | undefined;
    if (trade) {
      // Polled with evaluate: waitForFunction evaluates a string, which the app's CSP forbids.
      type Marks = { book: number | null; chart: number | null } | undefined;
      const until = Date.now() + PAGE_TIMEOUT_MS;
      let marks = await page.evaluate<Marks>('window.__bench');
      while (!marks || marks.book === null || marks.chart === null) {
        if (Date.now() > until) {
          throw new Error(`${url}: book or chart not shown in 30 s: ${JSON.stringify(marks)}`);
        }
        await sleep(50);
        marks = await page.evaluate<Marks>('window.__bench');
      }
      bookMs = marks.book;
      chartMs = marks.chart;
      const colours = await page.evaluate<number>(CHART_PIXELS);
      if (colours < 4) throw new Error(`the chart's canvases hold ${String(colours)} colours`);
    }
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {
      log(`${url}: the network did not go quiet in 15 s; counting the scripts so far`);
    });
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return { jsKb: bytes / 1024, fcpMs, bookMs, chartMs };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

async function playwrightRuns(base: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROME_FLAGS,
  });
  cleanups.push(() => browser.close());
  // One throw-away load so the server's first-request work (and the market maker's first book)
  // does not land in the first measured run.
  await loadOnce(browser, `${base}/trade`, true);
  const home: Load[] = [];
  const trade: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    home.push(await loadOnce(browser, `${base}/home`, false));
    trade.push(await loadOnce(browser, `${base}/trade`, true));
    log(`run ${String(i + 1)}: home ${JSON.stringify(home[i])} trade ${JSON.stringify(trade[i])}`);
  }
  await browser.close();
  const m = (list: Load[], key: keyof Load) => median(list.map((l) => l[key] ?? NaN));
  return {
    home_js_kb: m(home, 'jsKb').toFixed(1),
    home_fcp_ms: Math.round(m(home, 'fcpMs')).toString(),
    trade_js_kb: m(trade, 'jsKb').toFixed(1),
    trade_fcp_ms: Math.round(m(trade, 'fcpMs')).toString(),
    trade_book_ms: Math.round(m(trade, 'bookMs')).toString(),
    trade_chart_ms: Math.round(m(trade, 'chartMs')).toString(),
  };
}

// ---- Lighthouse. ----

interface LhScores {
  perf: string;
  a11y: string;
  cls: string;
}

async function lighthouseRuns(base: string): Promise<{ home: LhScores; trade: LhScores }> {
  const na: LhScores = { perf: 'na', a11y: 'na', cls: 'na' };
  if (!LIGHTHOUSE) return { home: na, trade: na };
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROME_FLAGS, '--headless=new'],
      logLevel: 'error',
    });
    const launched = chrome;
    cleanups.push(() => launched.kill());
    const one = async (path: string): Promise<LhScores> => {
      const result = await lighthouse(`${base}${path}`, {
        port: launched.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      const score = (id: string) => {
        const s = lhr.categories[id]?.score;
        return s === null || s === undefined ? 'na' : Math.round(s * 100).toString();
      };
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
      const scores = {
        perf: score('performance'),
        a11y: score('accessibility'),
        cls: cls === undefined ? 'na' : cls.toFixed(3),
      };
      log(`lighthouse ${path}: ${JSON.stringify(scores)}`);
      return scores;
    };
    const home = await one('/home');
    const trade = await one('/trade');
    return { home, trade };
  } catch (err) {
    log(`Lighthouse failed, printing na: ${err instanceof Error ? err.message : String(err)}`);
    return { home: na, trade: na };
  } finally {
    chrome?.kill();
  }
}

// ---- Main. ----

try {
  const base = await startServer();
  log(`server up at ${base}`);
  const pw = await playwrightRuns(base);
  const lh = await lighthouseRuns(base);
  const fields = {
    ...pw,
    home_lh_perf: lh.home.perf,
    home_lh_a11y: lh.home.a11y,
    trade_lh_perf: lh.trade.perf,
    trade_lh_a11y: lh.trade.a11y,
    trade_cls: lh.trade.cls,
  };
  await cleanup();
  log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.stdout.write(
    `RESULT ${Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}\n`,
  );
  process.exit(0);
} catch (err) {
  await fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
}
