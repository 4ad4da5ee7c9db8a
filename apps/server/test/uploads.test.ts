import { CALLS, LIMITS } from '@exchange/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema.js';
import { createTestApp, expectError, okData, signUpEmail, type TestApp } from './helpers.js';
import { operatorToken } from './spot-helpers.js';
import { png, pngChunk, postForm, uploadImage } from './upload-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  // The limits of a real server: the upload limit is part of what is tested here.
  t = await createTestApp({ rateLimitFactor: 1 });
  op = await operatorToken(t);
});
afterAll(() => t.close());

async function storedCount(userId?: number) {
  const [row] = await t.store.db
    .select({ n: count() })
    .from(uploads)
    .where(userId === undefined ? undefined : eq(uploads.userId, userId));
  return row?.n ?? 0;
}

const read = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

/** A JPEG as a phone writes it: EXIF with a GPS position, a comment, then the picture. */
function phoneJpeg(): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe1, Buffer.from('Exif\0\0MM\0*GPSLatitude 10.7769 N GPSLongitude 106.7009 E')),
    segment(0xfe, Buffer.from('iPhone of Alice')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, 0, 16, 0, 16, 1, 1, 0x11, 0])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

describe('common/image_upload', () => {
  it('needs a session', async () => {
    const res = await postForm(t, [{ name: 'file', data: png(), filename: 'a.png' }]);
    expectError(res, 401, 'auth.session_expired', 999);
    expect(await storedCount()).toBe(0);
  });

  it('stores a PNG without its text chunks under a random name and serves it back', async () => {
    const u = await signUpEmail(t);
    const original = png({ extra: [pngChunk('tEXt', 'Author\0Alice'), pngChunk('tIME', 'x')] });
    const res = await postForm(
      t,
      [{ name: 'file', data: original, filename: '../../etc/passwd.png', type: 'image/png' }],
      { token: u.token },
    );
    const { url } = CALLS.imageUpload.response.parse(okData(res));
    expect(url).toMatch(/^\/api\/upload\/[0-9a-f]{32}\.png$/);
    expect(url).not.toContain('passwd');

    const got = await read(url, u.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload).toEqual(png());
    expect(got.rawPayload.includes(Buffer.from('Alice'))).toBe(false);
    // Each upload has a name of its own, even for the same bytes.
    const again = await uploadImage(t, u.token, original);
    expect(again).not.toBe(url);
  });

  it('decides the type by the bytes: a JPEG sent as a PNG is stored as the JPEG it is, without EXIF', async () => {
    const u = await signUpEmail(t);
    const url = await uploadImage(t, u.token, phoneJpeg(), 'holiday.png');
    expect(url).toMatch(/\.jpg$/);
    const got = await read(url, u.token);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const body = got.rawPayload;
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(body.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(body.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(body.includes(Buffer.from('Alice'))).toBe(false);
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever its name and declared type (415)', async () => {
    const u = await signUpEmail(t);
    for (const data of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><script>alert(document.cookie)</script>',
      'GIF89a\x01\x00\x01\x00\x00\x00\x00;',
      // A PNG cut in half.
      png().subarray(0, 40),
    ]) {
      const res = await postForm(
        t,
        [{ name: 'file', data, filename: 'screenshot.png', type: 'image/png' }],
        { token: u.token },
      );
      expectError(res, 415, 'upload.type');
    }
    expect(await storedCount(u.id)).toBe(0);
  });

  it('refuses a file above 5 MB with 413, by its bytes and by its declared length', async () => {
    const u = await signUpEmail(t);
    // A valid PNG header followed by padding: the size rule applies before the type is looked at.
    const big = Buffer.concat([png(), Buffer.alloc(LIMITS.uploadMaxBytes + 1 - png().length)]);
    const res = await postForm(t, [{ name: 'file', data: big, filename: 'big.png' }], {
      token: u.token,
    });
    expectError(res, 413, 'upload.too_large');
    expect(res.body.message).toContain('5');
    const declared = await postForm(t, [{ name: 'file', data: png(), filename: 'a.png' }], {
      token: u.token,
      headers: { 'content-length': String(LIMITS.uploadMaxBytes * 2) },
    });
    expectError(declared, 413, 'upload.too_large');
    // Exactly 5 MB of a real picture is accepted.
    const max = Buffer.concat([
      png({ extra: [pngChunk('tEXt', Buffer.alloc(LIMITS.uploadMaxBytes - png().length - 12))] }),
    ]);
    expect(max.length).toBe(LIMITS.uploadMaxBytes);
    okData(await postForm(t, [{ name: 'file', data: max, filename: 'a.png' }], { token: u.token }));
    expect(await storedCount(u.id)).toBe(1);
  });

  it('answers 422 upload.p_file without a file in the field `file`', async () => {
    const u = await signUpEmail(t);
    const cases = [
      [{ name: 'note', data: 'no file here' }],
      [{ name: 'image', data: png(), filename: 'a.png', type: 'image/png' }],
      [{ name: 'file', data: '', filename: 'empty.png', type: 'image/png' }],
    ];
    for (const parts of cases) {
      expectError(await postForm(t, parts, { token: u.token }), 422, 'upload.p_file');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/${CALLS.imageUpload.path}`,
      payload: { file: 'iVBORw0KGgo=' },
      headers: { authorization: u.token },
    });
    expectError({ status: json.statusCode, body: json.json() }, 422, 'upload.p_file');
    expect(await storedCount(u.id)).toBe(0);
  });

  it('other calls still take JSON only, within 256 KB', async () => {
    const u = await signUpEmail(t);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/${CALLS.createPayOrder.path}`,
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: u.token },
    });
    expectError(
      { status: form.statusCode, body: form.json() },
      415,
      'common.unsupported_media_type',
    );
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/${CALLS.createPayOrder.path}`,
      payload: JSON.stringify({ currency_id: 1, walletAddress: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json', authorization: u.token },
    });
    expectError({ status: big.statusCode, body: big.json() }, 413, 'common.payload_too_large');
  });

  it('allows 30 uploads per address in 10 minutes (429 after)', async () => {
    const u = await signUpEmail(t);
    const ip = '203.0.113.30';
    const send = () =>
      postForm(t, [{ name: 'file', data: png(), filename: 'a.png' }], { token: u.token, ip });
    for (let i = 0; i < 30; i++) okData(await send());
    const res = await send();
    expectError(res, 429, 'common.too_many_requests');
    expect(Number(res.res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    okData(
      await postForm(t, [{ name: 'file', data: png(), filename: 'a.png' }], { token: u.token }),
    );
  });

  it('is in the API reference as a multipart call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { requestBody?: { content: object } }>>;
    }>();
    const post = doc.paths[`/api/${CALLS.imageUpload.path}`]?.post;
    expect(Object.keys(post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(doc.paths['/api/upload/{name}']).toHaveProperty('get');
  });
});

describe('GET /api/upload/<name>', () => {
  it('serves the owner and operators; another user 403, no session 401, unknown 404', async () => {
    const owner = await signUpEmail(t);
    const other = await signUpEmail(t);
    const url = await uploadImage(t, owner.token);

    expect((await read(url, owner.token)).statusCode).toBe(200);
    const asOperator = await read(url, op);
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.rawPayload).toEqual(png());

    const forbidden = await read(url, other.token);
    expectError({ status: forbidden.statusCode, body: forbidden.json() }, 403, 'common.forbidden');
    const guest = await read(url);
    expectError({ status: guest.statusCode, body: guest.json() }, 401, 'auth.session_expired', 999);
    for (const unknown of [
      url.replace(/[0-9a-f]{8}\./, '00000000.'),
      '/api/upload/..%2F..%2Fetc%2Fpasswd',
      '/api/upload/abc.png',
    ]) {
      const res = await read(unknown, owner.token);
      expectError({ status: res.statusCode, body: res.json() }, 404, 'common.not_found');
    }
    // Error answers are JSON, never the picture.
    expect(forbidden.headers['content-type']).toContain('application/json');
  });
});
