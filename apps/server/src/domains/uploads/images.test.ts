import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cleanImage, cleanJpeg, cleanPng, cleanWebp, MAX_PIXELS, sniffImage } from './images.js';

const bytes = (...parts: (Buffer | string | number[])[]) =>
  Buffer.concat(
    parts.map((p) =>
      typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p),
    ),
  );
const has = (haystack: Buffer, needle: string) => haystack.includes(Buffer.from(needle, 'latin1'));

// ---- JPEG: segments as a camera or a phone writes them ----

function segment(marker: number, body: Buffer | string | number[]): Buffer {
  const data = bytes(body);
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
/** JFIF header with a 2 × 1 thumbnail (6 bytes of RGB) after it. */
const JFIF = segment(0xe0, bytes('JFIF\0', [1, 1, 0, 0, 72, 0, 72, 2, 1], [9, 9, 9, 8, 8, 8]));
const EXIF_GPS = segment(
  0xe1,
  bytes('Exif\0\0', 'MM\0*', [0, 0, 0, 8], 'GPSLatitude 48.8584 N GPSLongitude 2.2945 E'),
);
const XMP = segment(0xe1, bytes('http://ns.adobe.com/xap/1.0/\0', '<x:xmpmeta>Author</x:xmpmeta>'));
const ICC = segment(0xe2, bytes('ICC_PROFILE\0', [1, 1], 'colour profile bytes'));
const PHOTOSHOP = segment(0xed, bytes('Photoshop 3.0\0', '8BIM caption'));
const ADOBE = segment(0xee, bytes('Adobe', [0, 100, 0, 0, 0, 0, 1]));
const COMMENT = segment(0xfe, 'taken at home by Alice');
const DQT = segment(0xdb, bytes([0], Array<number>(64).fill(1)));
const SOF0 = (height = 16, width = 16) => {
  const body = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  body.writeUInt16BE(height, 1);
  body.writeUInt16BE(width, 3);
  return segment(0xc0, body);
};
const DHT = segment(0xc4, bytes([0x00], [1], Array<number>(15).fill(0), [0]));
const SOS = segment(0xda, [1, 1, 0, 0, 63, 0]);
/** Compressed data with an escaped 0xFF (FF00) and a restart marker (FFD0) inside it. */
const SCAN = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78]);

function jpeg(...middle: Buffer[]): Buffer {
  return bytes(SOI, ...middle, EOI);
}

describe('sniffImage: the bytes decide, not the name or the declared type', () => {
  it('knows JPEG, PNG and WebP by their magic numbers', () => {
    expect(sniffImage(jpeg(DQT, SOF0(), SOS, SCAN))).toBe('jpeg');
    expect(sniffImage(png())).toBe('png');
    expect(sniffImage(webp(vp8l()))).toBe('webp');
  });

  it('refuses anything else, however it is dressed', () => {
    for (const other of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<!doctype html><script>alert(1)</script>',
      'GIF89a\x01\x00\x01\x00',
      'RIFF\x04\x00\x00\x00AVI ',
      '%PDF-1.7',
      'MZ\x90\x00',
      '',
    ]) {
      expect(sniffImage(Buffer.from(other, 'latin1')), other).toBeNull();
      expect(cleanImage(Buffer.from(other, 'latin1')), other).toBeNull();
    }
  });
});

describe('cleanJpeg', () => {
  const original = bytes(
    SOI,
    JFIF,
    EXIF_GPS,
    XMP,
    ICC,
    PHOTOSHOP,
    ADOBE,
    COMMENT,
    DQT,
    SOF0(),
    DHT,
    SOS,
    SCAN,
    EOI,
    'PK\x03\x04 a zip file appended after the picture',
  );

  it('drops EXIF (with its GPS position), XMP, Photoshop data, comments and what follows EOI', () => {
    const out = cleanJpeg(original);
    if (!out) throw new Error('refused');
    expect(out.subarray(0, 2)).toEqual(Buffer.from(SOI));
    expect(out.subarray(-2)).toEqual(Buffer.from(EOI));
    for (const gone of ['Exif', 'GPSLatitude', 'xmpmeta', 'Photoshop', '8BIM', 'Alice', 'PK'])
      expect(has(out, gone), gone).toBe(false);
  });

  it('keeps what decoding needs: tables, frame, scan data, ICC profile, Adobe colour transform', () => {
    const out = cleanJpeg(original);
    if (!out) throw new Error('refused');
    // JFIF stays, without its thumbnail (a small copy of the original picture).
    expect(out.subarray(2, 20)).toEqual(
      segment(0xe0, bytes('JFIF\0', [1, 1, 0, 0, 72, 0, 72, 0, 0])),
    );
    expect(out.includes(ICC)).toBe(true);
    expect(out.includes(ADOBE)).toBe(true);
    expect(out.includes(bytes(DQT, SOF0(), DHT, SOS, SCAN, EOI))).toBe(true);
  });

  it('is stable: a cleaned picture comes out unchanged', () => {
    const once = cleanJpeg(original);
    if (!once) throw new Error('refused');
    expect(cleanJpeg(once)).toEqual(once);
  });

  it('finds metadata hidden between the scans of a progressive picture', () => {
    const out = cleanJpeg(jpeg(DQT, SOF0(), SOS, SCAN, EXIF_GPS, COMMENT, SOS, SCAN));
    if (!out) throw new Error('refused');
    expect(has(out, 'GPSLatitude')).toBe(false);
    expect(has(out, 'Alice')).toBe(false);
    expect(out).toEqual(jpeg(DQT, SOF0(), SOS, SCAN, SOS, SCAN));
  });

  it('drops unknown and reserved markers (JPGn) as well', () => {
    const reserved = segment(0xf1, 'hidden payload');
    const out = cleanJpeg(jpeg(reserved, DQT, SOF0(), SOS, SCAN));
    expect(out && has(out, 'hidden')).toBe(false);
  });

  it('refuses what is not a whole JPEG', () => {
    expect(cleanJpeg(bytes(SOI, DQT, SOF0(), SOS, SCAN))).toBeNull(); // no EOI
    expect(cleanJpeg(jpeg(DQT, SOS, SCAN))).toBeNull(); // no frame
    expect(cleanJpeg(jpeg(DQT, SOF0()))).toBeNull(); // no scan
    expect(cleanJpeg(bytes(SOI, [0xff, 0xe1, 0xff, 0xf0], 'short'))).toBeNull(); // length overrun
    expect(cleanJpeg(bytes(SOI, [0x00, 0x01], EOI))).toBeNull(); // no marker
    expect(cleanJpeg(jpeg(DQT, SOF0(0, 16), SOS, SCAN))).toBeNull(); // height from DNL
  });

  it(`refuses pictures above ${String(MAX_PIXELS)} pixels (a decompression bomb)`, () => {
    expect(cleanJpeg(jpeg(DQT, SOF0(65535, 65535), SOS, SCAN))).toBeNull();
    expect(cleanJpeg(jpeg(DQT, SOF0(5000, 8000), SOS, SCAN))).not.toBeNull();
  });
});

// ---- PNG ----

function chunk(type: string, data: Buffer | string = Buffer.alloc(0)): Buffer {
  const body = bytes(data);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ihdr(width = 4, height = 4): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = 2;
  return chunk('IHDR', data);
}

const IDAT = chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 1]));
const IEND = chunk('IEND');

function png(...middle: Buffer[]): Buffer {
  return bytes(PNG_SIGNATURE, ihdr(), ...middle, IDAT, IEND);
}

describe('cleanPng', () => {
  const PHYS = chunk('pHYs', Buffer.from([0, 0, 11, 19, 0, 0, 11, 19, 1]));
  const SRGB = chunk('sRGB', Buffer.from([0]));
  const metadata = [
    chunk('tEXt', 'Author\0Alice'),
    chunk('zTXt', 'Comment\0\0compressed'),
    chunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>'),
    chunk('eXIf', 'MM\0*GPSLatitude'),
    chunk('tIME', Buffer.from([7, 232, 1, 2, 3, 4, 5])),
    chunk('prVt', 'a private chunk of some editor'),
  ];

  it('drops text, EXIF, time and unknown ancillary chunks and what follows IEND', () => {
    const out = cleanPng(bytes(png(SRGB, ...metadata, PHYS), 'trailing secret'));
    expect(out).toEqual(png(SRGB, PHYS));
    if (!out) throw new Error('refused');
    for (const gone of ['Alice', 'xmpmeta', 'GPSLatitude', 'tIME', 'prVt', 'secret'])
      expect(has(out, gone), gone).toBe(false);
    expect(out.subarray(-12)).toEqual(IEND);
  });

  it('is stable', () => {
    const once = cleanPng(png(...metadata));
    expect(once && cleanPng(once)).toEqual(once);
  });

  it('refuses what is not a whole PNG', () => {
    expect(cleanPng(bytes(PNG_SIGNATURE, ihdr(), IDAT))).toBeNull(); // no IEND
    expect(cleanPng(bytes(PNG_SIGNATURE, IDAT, ihdr(), IEND))).toBeNull(); // IHDR not first
    expect(cleanPng(bytes(PNG_SIGNATURE, ihdr(), IEND))).toBeNull(); // no pixels
    expect(cleanPng(png(chunk('ABCD', 'unknown critical')))).toBeNull();
    const overrun = png();
    overrun.writeUInt32BE(0x7ffffff0, 8 + 25);
    expect(cleanPng(overrun)).toBeNull();
  });

  it('refuses a decompression bomb', () => {
    expect(cleanPng(bytes(PNG_SIGNATURE, ihdr(100_000, 100_000), IDAT, IEND))).toBeNull();
    expect(cleanPng(bytes(PNG_SIGNATURE, ihdr(0, 4), IDAT, IEND))).toBeNull();
  });
});

// ---- WebP ----

function riffChunk(type: string, data: Buffer | string): Buffer {
  const body = bytes(data);
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
}

function webp(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** A lossless bitstream header for width × height (14 bits each, minus one). */
function vp8l(width = 16, height = 16): Buffer {
  const data = Buffer.alloc(10);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return riffChunk('VP8L', data);
}

function vp8(width = 16, height = 16): Buffer {
  const data = Buffer.alloc(11);
  data.set([0x9d, 0x01, 0x2a], 3);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return riffChunk('VP8 ', data);
}

function vp8x(flags: number, width = 16, height = 16): Buffer {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riffChunk('VP8X', data);
}

const ICC_FLAG = 0x20;
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

describe('cleanWebp', () => {
  const ICCP = riffChunk('ICCP', 'colour profile');
  const EXIF = riffChunk('EXIF', 'MM\0*GPSLatitude 48.8584');
  const XMP_CHUNK = riffChunk('XMP ', '<x:xmpmeta>Alice</x:xmpmeta>');

  it('drops EXIF and XMP, clears their VP8X flags and fixes the RIFF size', () => {
    const original = bytes(
      webp(vp8x(ICC_FLAG | EXIF_FLAG | XMP_FLAG), ICCP, vp8l(), EXIF, XMP_CHUNK),
      'trailing secret',
    );
    const out = cleanWebp(original);
    expect(out).toEqual(webp(vp8x(ICC_FLAG), ICCP, vp8l()));
    if (!out) throw new Error('refused');
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    for (const gone of ['GPSLatitude', 'Alice', 'EXIF', 'XMP ', 'secret'])
      expect(has(out, gone), gone).toBe(false);
  });

  it('drops unknown chunks, keeps a simple lossy file as it is', () => {
    expect(cleanWebp(webp(vp8x(0), vp8l(), riffChunk('ABCD', 'odd')))).toEqual(
      webp(vp8x(0), vp8l()),
    );
    expect(cleanWebp(webp(vp8()))).toEqual(webp(vp8()));
  });

  it('refuses what is not a whole WebP or is too large', () => {
    const cut = webp(vp8l());
    expect(cleanWebp(cut.subarray(0, cut.length - 4))).toBeNull(); // RIFF size beyond the file
    expect(cleanWebp(webp(ICCP, vp8l()))).toBeNull(); // first chunk not VP8*
    expect(cleanWebp(webp(vp8x(0)))).toBeNull(); // no picture
    expect(cleanWebp(webp(vp8x(0, 16_000_000, 16_000_000), vp8l()))).toBeNull();
    expect(cleanWebp(webp(vp8l(16_000, 16_000)))).toBeNull();
  });
});

describe('cleanImage', () => {
  it('names the type found and its extension', () => {
    expect(cleanImage(png(chunk('tEXt', 'a\0b')))).toMatchObject({
      kind: 'png',
      mime: 'image/png',
      ext: 'png',
      bytes: png(),
    });
    expect(cleanImage(jpeg(DQT, SOF0(), SOS, SCAN))).toMatchObject({
      mime: 'image/jpeg',
      ext: 'jpg',
    });
    expect(cleanImage(webp(vp8()))).toMatchObject({ mime: 'image/webp', ext: 'webp' });
    // A JPEG that stops halfway is refused, not passed on.
    expect(cleanImage(bytes(SOI, DQT))).toBeNull();
  });
});
