import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Any decimal of at most this many significant digits reads back unchanged from a double. */
const MAX_SIGNIFICANT_DIGITS = 15;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Characters a JSON number token is made of (digits, sign, point, exponent). */
const inNumber = (c: number) =>
  isDigit(c) || c === MINUS || c === 0x2b || c === 0x2e || c === 0x45 || c === 0x65;

/** A double holds the token exactly as written: no exponent, at most 15 significant digits. */
function exact(token: string): boolean {
  if (/[eE]/.test(token)) return false;
  const digits = token.replace(/[-+.]/g, '').replace(/^0+/, '');
  return digits.length <= MAX_SIGNIFICANT_DIGITS;
}

/**
 * The first number token outside the string literals of a JSON text that JSON.parse would not keep
 * as written (`1e2`, 2^53 + 1), or null. Once parsed, `1e2` and `100` are the same value: the text
 * is the only place left to tell them apart.
 */
export function inexactJsonNumber(text: string): string | null {
  const end = text.length;
  let i = 0;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i++;
      while (i < end) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i += 2;
        else if (s === QUOTE) break;
        else i++;
      }
      i++;
    } else if (c === MINUS || isDigit(c)) {
      const start = i;
      while (i < end && inNumber(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      if (!exact(token)) return token;
    } else i++;
  }
  return null;
}

/**
 * JSON bodies as Fastify reads them (same poisoning rules, empty and broken bodies the same 400,
 * same body limit), then refused with `common.bad_number` when a number would be rounded or was
 * written with an exponent: money is sent as decimal strings, and a number that does not survive
 * JSON.parse unchanged is never taken as one.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    void parseJson(request, text, (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      if (inexactJsonNumber(text) !== null)
        return done(new AppError('common.bad_number'), undefined);
      done(null, value);
    });
  });
}
