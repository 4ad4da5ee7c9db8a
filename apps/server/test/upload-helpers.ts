import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { CALLS } from '@exchange/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { EnvelopeBody, TestApp } from './helpers.js';

/** One PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer | string): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A real PNG of `width` × `height` pixels of one colour (8-bit RGB), with any extra chunks placed
 * between the header and the pixels.
 */
export function png(
  options: {
    width?: number;
    height?: number;
    rgb?: [number, number, number];
    extra?: Buffer[];
  } = {},
): Buffer {
  const { width = 4, height = 4, rgb = [20, 120, 220], extra = [] } = options;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => rgb).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...extra,
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FormPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipart(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----exchangeTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.type ? `Content-Type: ${part.type}\r\n` : '') +
      '\r\n';
    chunks.push(Buffer.from(head, 'latin1'), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let address = 0;
/**
 * Each upload comes from an address of its own unless the test names one: the per-address limit
 * of uploads is tested on its own (uploads.test.ts), not by every file that needs a screenshot.
 */
function nextAddress(): string {
  address += 1;
  return `10.77.${String((address >> 8) & 255)}.${String(address & 255)}`;
}

/** POSTs a form to common/image_upload. */
export async function postForm(
  t: TestApp,
  parts: FormPart[],
  options: { token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: EnvelopeBody; res: LightMyRequestResponse }> {
  const form = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${CALLS.imageUpload.path}`,
    payload: form.body,
    headers: {
      'content-type': form.contentType,
      ...(options.token ? { authorization: options.token } : {}),
      ...options.headers,
    },
    remoteAddress: options.ip ?? nextAddress(),
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody>(), res };
}

/** Uploads an image (a small PNG unless given) as the user and returns its url. */
export async function uploadImage(
  t: TestApp,
  token: string,
  bytes: Buffer = png(),
  filename = 'transfer.png',
): Promise<string> {
  const res = await postForm(t, [{ name: 'file', data: bytes, filename, type: 'image/png' }], {
    token,
  });
  if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return CALLS.imageUpload.response.parse(res.body.data).url;
}
