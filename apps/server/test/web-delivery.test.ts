import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** The built client's delivery: pre-compressed variants and cache headers (fast first load). */

const INDEX = `<!doctype html><html data-theme="dark"><head><script src="/theme-boot.js"></script></head><body><div id="root"></div></body></html>`;
const APP = `${'export const rows = [];\n'.repeat(40)}${Array.from(
  { length: 60 },
  (_, i) => `rows.push({ id: ${String(i)}, label: 'row ${String(i)}' });`,
).join('\n')}\n`;
const BOOT = "document.documentElement.setAttribute('data-theme', 'dark');\n";
const IMMUTABLE = 'public, max-age=31536000, immutable';

function get(t: TestApp, url: string, acceptEncoding?: string): Promise<LightMyRequestResponse> {
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return t.app.inject({ method: 'GET', url, headers });
}

function varies(res: LightMyRequestResponse): boolean {
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(res.headers.vary));
}

describe('delivery of the built web client', () => {
  let web: TestApp;
  let dist = '';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'exchange-web-delivery-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'theme-boot.js'), BOOT);
    mkdirSync(join(dist, 'assets'));
    const app = join(dist, 'assets', 'app-abc123.js');
    writeFileSync(app, APP);
    writeFileSync(`${app}.br`, brotliCompressSync(APP));
    writeFileSync(`${app}.gz`, gzipSync(APP, { level: 9 }));
    writeFileSync(join(dist, 'assets', 'tiny-def456.js'), 'console.log(1);');
    web = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has a script over 1.5 KB to compress', () => {
    expect(Buffer.byteLength(APP)).toBeGreaterThan(1536);
  });

  it('sends brotli to a client that accepts it', async () => {
    for (const accept of ['br', 'gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
      const res = await get(web, '/assets/app-abc123.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('br');
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(varies(res), accept).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), accept).toBe(APP);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP));
    }
  });

  it('sends gzip to a client that accepts gzip but not brotli', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(web, '/assets/app-abc123.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(varies(res), accept).toBe(true);
      expect(gunzipSync(res.rawPayload).toString('utf8'), accept).toBe(APP);
    }
  });

  it('sends the file itself to a client that accepts neither', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get(web, '/assets/app-abc123.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.body, String(accept)).toBe(APP);
      // A shared cache must not hand this copy to a client that accepts brotli.
      expect(varies(res), String(accept)).toBe(true);
    }
  });

  it('sends a small file without a variant as it is', async () => {
    const res = await get(web, '/assets/tiny-def456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1);');
  });

  it('gives the variants no routes of their own', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      const res = await get(web, url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('caches the hashed files under /assets/ for a year', async () => {
    for (const accept of [undefined, 'gzip', 'br']) {
      for (const url of ['/assets/app-abc123.js', '/assets/tiny-def456.js']) {
        const res = await get(web, url, accept);
        expect(res.statusCode, `${url} ${String(accept)}`).toBe(200);
        expect(res.headers['cache-control'], `${url} ${String(accept)}`).toBe(IMMUTABLE);
      }
    }
    const head = await web.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has the page revalidated at every route, the not-found page included', async () => {
    for (const accept of [undefined, 'gzip, deflate, br']) {
      for (const [url, status] of [
        ['/home', 200],
        ['/trade', 200],
        ['/trade?symbol=BTC/USDT', 200],
        ['/', 200],
        ['/index.html', 200],
        ['/assets/tradeAccount/', 200],
        ['/no-such-page', 404],
        ['/assets/nope.js', 404],
      ] as const) {
        const res = await get(web, url, accept);
        const what = `${url} ${String(accept)}`;
        expect(res.statusCode, what).toBe(status);
        expect(res.headers['content-type'], what).toContain('text/html');
        expect(res.headers['cache-control'], what).toBe('no-cache');
        expect(res.body, what).toBe(INDEX);
      }
    }
  });

  it('serves the theme boot script from the root, revalidated', async () => {
    const res = await get(web, '/theme-boot.js', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(BOOT);
  });
});
