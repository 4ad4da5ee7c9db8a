/**
 * Uploaded images are recognised by their bytes and rewritten without their metadata, without
 * decoding a pixel: the declared type and the file name say nothing an attacker cannot choose,
 * and a phone's picture carries where and when it was taken (EXIF GPS) and with what device.
 * Anything that does not parse as one of the three formats is refused rather than passed on.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';

export const IMAGE_KINDS: Record<ImageKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

/**
 * A few kilobytes of compressed data can claim a picture of billions of pixels, which the
 * operator's browser would try to allocate; a very long phone screenshot is about 30 million.
 */
export const MAX_PIXELS = 50_000_000;

export interface CleanImage {
  kind: ImageKind;
  mime: string;
  ext: string;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(bytes: Buffer, start: number, length: number): string {
  return bytes.toString('latin1', start, start + length);
}

/** The format the first bytes announce (magic numbers), whatever the name or declared type. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return 'webp';
  return null;
}

function sizeAllowed(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= MAX_PIXELS;
}

// ---- JPEG ----

const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not. */
function isJpegFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Tables and headers a decoder needs (DHT, DAC, SOS, DQT, DNL, DRI, DHP, EXP, the frames). Any
 * other marker is left out: application segments, comments, and the reserved JPGn markers that
 * decoders skip and that could therefore carry anything.
 */
function isJpegStructure(marker: number): boolean {
  return (
    isJpegFrame(marker) ||
    marker === 0xc4 ||
    marker === 0xcc ||
    (marker >= JPEG_SOS && marker <= 0xdf)
  );
}

function startsWith(body: Buffer, text: string): boolean {
  return body.length >= text.length && ascii(body, 0, text.length) === text;
}

/**
 * The application segments kept: JFIF (its 14-byte header only: the thumbnail after it is a small
 * copy of the original picture), the ICC colour profile (APP2), and Adobe's (APP14), which says
 * how the colours of CMYK pictures are stored; it holds four numbers and no text, and without it
 * such pictures show in wrong colours.
 */
function keptApplicationSegment(marker: number, body: Buffer): Buffer | null {
  if (marker === 0xe0 && startsWith(body, 'JFIF\0') && body.length >= 14) {
    const header = Buffer.from(body.subarray(0, 14));
    // No thumbnail: its width and height are 0.
    header[12] = 0;
    header[13] = 0;
    return header;
  }
  if (marker === 0xe2 && startsWith(body, 'ICC_PROFILE\0')) return body;
  if (marker === 0xee && startsWith(body, 'Adobe') && body.length === 12) return body;
  return null;
}

function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A JPEG without its APPn segments other than JFIF, the ICC profile and Adobe's, without comments
 * (COM) and without anything after the end-of-image marker. Null when it is not a whole JPEG.
 */
export function cleanJpeg(src: Buffer): Buffer | null {
  if (src.length < 4 || src[0] !== 0xff || src[1] !== JPEG_SOI) return null;
  const out: Buffer[] = [Buffer.from([0xff, JPEG_SOI])];
  let pos = 2;
  let frame = false;
  let scan = false;
  while (pos < src.length) {
    if (src[pos] !== 0xff) return null;
    // A marker may be preceded by any number of 0xFF fill bytes.
    while (src[pos] === 0xff) pos += 1;
    const marker = src[pos];
    if (marker === undefined) return null;
    pos += 1;
    if (marker === JPEG_EOI) {
      if (!frame || !scan) return null;
      out.push(Buffer.from([0xff, JPEG_EOI]));
      return Buffer.concat(out);
    }
    // Markers without a length (SOI, RSTn, TEM) have no place between segments.
    if (marker === 0x00 || marker === 0x01 || marker === JPEG_SOI) return null;
    if (marker >= 0xd0 && marker <= 0xd7) return null;
    if (pos + 2 > src.length) return null;
    const length = src.readUInt16BE(pos);
    if (length < 2 || pos + length > src.length) return null;
    const body = src.subarray(pos + 2, pos + length);
    pos += length;
    if (isJpegFrame(marker)) {
      if (body.length < 6) return null;
      // Height 0 (given later by a DNL marker) is not something browsers show.
      if (!sizeAllowed(body.readUInt16BE(3), body.readUInt16BE(1))) return null;
      frame = true;
    }
    if (isJpegStructure(marker)) {
      out.push(jpegSegment(marker, body));
    } else if (marker >= 0xe0 && marker <= 0xef) {
      const kept = keptApplicationSegment(marker, body);
      if (kept) out.push(jpegSegment(marker, kept));
    }
    if (marker === JPEG_SOS) {
      if (!frame) return null;
      scan = true;
      // The compressed data runs to the next marker: 0xFF is escaped as FF00 inside it, and the
      // restart markers FFD0 to FFD7 belong to it.
      const start = pos;
      while (pos < src.length) {
        if (src[pos] === 0xff) {
          const next = src[pos + 1];
          if (next === undefined) return null;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            pos += 2;
            continue;
          }
          if (next !== 0xff) break;
        }
        pos += 1;
      }
      out.push(src.subarray(start, pos));
    }
  }
  return null;
}

// ---- PNG ----

/**
 * The chunks kept: the critical ones, and the ancillary ones that change how the picture looks
 * (transparency, colour, gamma, pixel size, animation). Text (tEXt, zTXt, iTXt), EXIF (eXIf),
 * the modification time (tIME) and every chunk not named here are left out.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'cICP',
  'mDCV',
  'mDCv',
  'cLLI',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** A PNG without its metadata chunks and without anything after IEND; null when malformed. */
export function cleanPng(src: Buffer): Buffer | null {
  if (src.length < 8 || !src.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const out: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  let first = true;
  let data = false;
  while (pos + 12 <= src.length) {
    const length = src.readUInt32BE(pos);
    const type = ascii(src, pos + 4, 4);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > src.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return null;
      if (!sizeAllowed(src.readUInt32BE(pos + 8), src.readUInt32BE(pos + 12))) return null;
      first = false;
    }
    if (type === 'IDAT') data = true;
    const critical = type.charCodeAt(0) < 0x61;
    if (PNG_KEPT.has(type)) out.push(src.subarray(pos, end));
    // A critical chunk a decoder does not know makes the picture unreadable: not an image we keep.
    else if (critical) return null;
    pos = end;
    if (type === 'IEND') return data ? Buffer.concat(out) : null;
  }
  return null;
}

// ---- WebP ----

/** VP8X flags of the metadata chunks (bits 3 and 2 of its first byte). */
const WEBP_EXIF_FLAG = 0x08;
const WEBP_XMP_FLAG = 0x04;
/** Chunks a decoder uses; EXIF, XMP and unknown chunks are left out. */
const WEBP_KEPT = new Set(['VP8X', 'ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L']);

/** Width and height of the picture a WebP chunk describes, or null when it is not readable. */
function webpSize(type: string, body: Buffer): [number, number] | null {
  if (type === 'VP8X' && body.length >= 10) {
    return [body.readUIntLE(4, 3) + 1, body.readUIntLE(7, 3) + 1];
  }
  if (type === 'VP8 ' && body.length >= 10) {
    if (body[3] !== 0x9d || body[4] !== 0x01 || body[5] !== 0x2a) return null;
    return [body.readUInt16LE(6) & 0x3fff, body.readUInt16LE(8) & 0x3fff];
  }
  if (type === 'VP8L' && body.length >= 5) {
    if (body[0] !== 0x2f) return null;
    const bits = body.readUInt32LE(1);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return null;
}

/**
 * A WebP without EXIF and XMP chunks (their VP8X flags cleared), without unknown chunks and
 * without anything after the RIFF container; null when malformed.
 */
export function cleanWebp(src: Buffer): Buffer | null {
  if (src.length < 20 || ascii(src, 0, 4) !== 'RIFF' || ascii(src, 8, 4) !== 'WEBP') return null;
  const riffEnd = 8 + src.readUInt32LE(4);
  if (riffEnd > src.length || riffEnd < 20) return null;
  const chunks: Buffer[] = [];
  let pos = 12;
  let sized = false;
  let picture = false;
  while (pos + 8 <= riffEnd) {
    const type = ascii(src, pos, 4);
    const length = src.readUInt32LE(pos + 4);
    const end = pos + 8 + length;
    // Chunks are padded to an even length; the pad byte of the last one may be missing.
    const next = Math.min(end + (length % 2), riffEnd);
    if (end > riffEnd) return null;
    const body = src.subarray(pos + 8, end);
    if (pos === 12) {
      if (type !== 'VP8X' && type !== 'VP8 ' && type !== 'VP8L') return null;
      const size = webpSize(type, body);
      if (!size || !sizeAllowed(size[0], size[1])) return null;
      sized = true;
    }
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') picture = true;
    if (WEBP_KEPT.has(type)) {
      const chunk = Buffer.alloc(8 + length + (length % 2));
      src.copy(chunk, 0, pos, end);
      if (type === 'VP8X') chunk[8] = (chunk[8] ?? 0) & ~(WEBP_EXIF_FLAG | WEBP_XMP_FLAG) & 0xff;
      chunks.push(chunk);
    }
    pos = next;
  }
  if (!sized || !picture) return null;
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

const CLEANERS: Record<ImageKind, (src: Buffer) => Buffer | null> = {
  jpeg: cleanJpeg,
  png: cleanPng,
  webp: cleanWebp,
};

/** The image rewritten without metadata, or null when its bytes are not a JPEG, PNG or WebP. */
export function cleanImage(src: Buffer): CleanImage | null {
  const kind = sniffImage(src);
  if (!kind) return null;
  const bytes = CLEANERS[kind](src);
  return bytes ? { kind, ...IMAGE_KINDS[kind], bytes } : null;
}
