import {
  CALLS,
  ERROR_MESSAGES,
  errorEnvelopeSchema,
  LANGUAGES,
  translateError,
} from '@exchange/contract';
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
