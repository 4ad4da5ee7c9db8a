import {
  CALLS,
  ERROR_MESSAGES,
  errorEnvelopeSchema,
  LANGUAGES,
  translateError,
} from '@exchange/contract';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type EnvelopeBody,
  expectError,
  type TestApp,
  uniqueEmail,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = `/api/${CALLS.login.path}`;

function post(payload: string, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: LOGIN,
    payload,
    headers: { 'content-type': contentType },
  });
}

function envelope(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: errorEnvelopeSchema.parse(res.json()) as EnvelopeBody };
}

describe('protocol errors answer with the envelope and a real status', () => {
  it('unknown call → 404 common.not_found', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope' });
      expectError(envelope(res), 404, 'common.not_found');
    }
  });

  it('malformed JSON → 400 common.bad_json', async () => {
    expectError(envelope(await post('{"account": ')), 400, 'common.bad_json');
    expectError(envelope(await post('')), 400, 'common.bad_json');
  });

  it('a prototype-poisoning body is refused as bad JSON', async () => {
    expectError(envelope(await post('{"__proto__": {"role": "admin"}}')), 400, 'common.bad_json');
  });

  it('other content types → 415 common.unsupported_media_type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await post('account=a%40b.com&password=abc123', type);
      expectError(envelope(res), 415, 'common.unsupported_media_type');
    }
  });

  it('a body over 256 KiB → 413 common.payload_too_large', async () => {
    const payload = JSON.stringify({ account: 'x'.repeat(256 * 1024) });
    expectError(envelope(await post(payload)), 413, 'common.payload_too_large');
  });

  it('a body that is not an object → 4xx, never 5xx', async () => {
    for (const payload of ['[]', '[1,2]', '42', '"text"', 'true', 'null']) {
      const res = envelope(await post(payload));
      expect(res.status, payload).toBeGreaterThanOrEqual(400);
      expect(res.status, payload).toBeLessThan(500);
    }
  });
});

describe('the lang header', () => {
  it('translates messages; unknown languages fall back to en', async () => {
    const body = { account: uniqueEmail(), password: 'abc12345' };
    const message = async (lang?: string) =>
      (await t.call(CALLS.login, body, lang ? { lang } : {})).body.message;
    for (const lang of LANGUAGES) {
      expect(await message(lang)).toBe(ERROR_MESSAGES[lang]['auth.login_failed']);
    }
    expect(await message('vi')).not.toBe(await message('en'));
    expect(await message('xx')).toBe(translateError('en', 'auth.login_failed'));
    expect(await message()).toBe(translateError('en', 'auth.login_failed'));
  });

  it('fills the message placeholders', async () => {
    const res = await t.call(CALLS.newsInfo, { id: 'x' }, { lang: 'vi' });
    expect(res.body.message).toBe(translateError('vi', 'common.invalid_param', { field: 'id' }));
    expect(res.body.message).not.toContain('{{');
  });
});

describe('security headers', () => {
  it('send the API set on calls and on errors: nothing loads, no framing, no sniffing', async () => {
    for (const url of ['/api/news/categories', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Headers that only act on documents are left off JSON answers.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('send the page set on pages', async () => {
    for (const url of ['/', '/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // The API reference's pages are pages too (with a CSP of their own, tested below).
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the API reference', () => {
  it('lists every call of the contract with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths)).toContain('/api/user/login');
    for (const call of Object.values(CALLS)) {
      expect(paths[`/api/${call.path}`], call.path).toHaveProperty(call.method.toLowerCase());
    }
  });

  it('serves its page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).not.toMatch(/https?:\/\//);
  });
});

describe('system calls', () => {
  it('health reports the store in use', async () => {
    const res = await t.call(CALLS.health);
    expect(res.body.data).toMatchObject({ status: 'ok', store: t.store.kind });
  });

  it('the dev outbox is an unknown call in production', async () => {
    const prod = await createTestApp({ production: true });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@example.com' });
      expectError(envelope(res), 404, 'common.not_found');
      const doc = await prod.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys(doc.json<{ paths: object }>().paths)).not.toContain('/api/dev/outbox');
    } finally {
      await prod.close();
    }
  });
});

const INDEX = '<!doctype html><title>exchange test client</title>';

/** One raw HTTP/1.1 exchange: everything the server writes until it closes the connection. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    // The server may reset the connection after answering a client that is still sending.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within 5 s; got ${JSON.stringify(answer)}`));
    }, 5000);
  });
}

/** A raw answer's status and envelope. */
function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const parsed = errorEnvelopeSchema.parse(JSON.parse(body)) as EnvelopeBody;
  return { status, body: parsed, head: head.toLowerCase() };
}

describe('with the web client built', () => {
  let web: TestApp;
  let dist = '';
  let port = 0;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'exchange-web-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1);');
    web = await createTestApp({ webDist: dist });
    const address = await web.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers an unknown call in any case with the 404 envelope, never the page', async () => {
    for (const url of ['/API/x', '/Api/foo', '/api/nope', '/API', '/aPi?x=1', '/WS/x']) {
      for (const method of ['GET', 'HEAD', 'POST'] as const) {
        const res = await web.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
        if (method !== 'HEAD') expectError(envelope(res), 404, 'common.not_found');
      }
    }
    const upper = await web.app.inject({ method: 'GET', url: '/API/x' });
    expect(upper.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('serves the page with 200 at the client’s routes, in any case', async () => {
    for (const url of [
      '/',
      '/home',
      '/HOME',
      '/trade?symbol=BTC/USDT',
      '/assets/tradeAccount/',
      '/lever',
      '/deposit',
    ]) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('serves the page with 404 elsewhere: the client draws its not-found screen', async () => {
    for (const url of ['/nope', '/home/x', '/assets/nope.js', '/coinlog/x', '/personal']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await web.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        if (method === 'GET') expect(res.body, url).toBe(INDEX);
      }
    }
    // No validators on it: a 304 or a range would become an empty or partial 404 page.
    const res = await web.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { range: 'bytes=0-3' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(INDEX);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    // Other methods on page paths are unknown calls.
    expectError(
      envelope(await web.app.inject({ method: 'POST', url: '/home' })),
      404,
      'common.not_found',
    );
  });

  it('still serves the built files', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
  });

  it('answers /ws without an upgrade with the envelope', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/ws' });
    expect(res.headers.upgrade).toBe('websocket');
    expectError(envelope(res), 426, 'common.bad_request');
  });

  it('answers a malformed escape in the path with the 400 envelope', async () => {
    for (const url of ['/api/%E0%A4%A', '/%']) {
      const res = await web.app.inject({ method: 'GET', url });
      expectError(envelope(res), 400, 'common.bad_request');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers headers over the limit with a raw 431 envelope (Node refuses them before Fastify)', async () => {
    const answer = await rawHttp(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const res = parseRaw(answer);
    expectError(res, 431, 'common.headers_too_large');
    expect(res.head).toContain('content-type: application/json');
    expect(res.head).toContain('x-content-type-options: nosniff');
    expect(res.head).toContain('connection: close');
    // An overlong URL is the same overflow.
    const url = parseRaw(await rawHttp(port, `GET /api/${'x'.repeat(20_000)} HTTP/1.1\r\n\r\n`));
    expectError(url, 431, 'common.headers_too_large');
  });

  it('answers a request Node cannot parse with a raw 400 envelope', async () => {
    for (const request of ['GARBAGE\r\n\r\n', 'GET /api/health HTTP/1.1\r\nBad Header\r\n\r\n']) {
      expectError(parseRaw(await rawHttp(port, request)), 400, 'common.bad_request');
    }
    // The server keeps serving.
    const ok = await rawHttp(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(ok).toMatch(/^HTTP\/1\.1 200/);
  });

  it('lets pages connect only to their own origin', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/home' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe('while the server closes', () => {
  it('answers new requests with the 503 envelope, not Fastify’s own', async () => {
    const closing = await createTestApp();
    const address = await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
    let answer = '';
    const first = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
        if (answer.includes('"code"')) resolve();
      }),
    );
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // A call whose body is still arriving keeps the connection busy while the app starts closing.
    const body = JSON.stringify({ account: 'a@example.com', password: 'abc12345' });
    socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(body.slice(5));
    await first;
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await closed;
    const last = answer.slice(answer.lastIndexOf('HTTP/1.1 '));
    expectError(parseRaw(last), 503, 'common.unavailable');
    expect(last.toLowerCase()).toContain('connection: close');
  });
});
