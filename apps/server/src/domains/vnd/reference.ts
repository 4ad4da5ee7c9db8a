import { randomInt } from 'node:crypto';

/**
 * The reference code a VND deposit carries as its transfer's message (the documents' pattern):
 * four letters and five digits, a space, four letters and four letters or digits, e.g.
 * `KQZX48213 PLMN7A9C`. Letters leave out I and O, digits and letters are drawn uniformly, so a
 * code is about 2^68 of possibilities; the store's unique index refuses a repeat.
 */
export const REFERENCE_CODE = /^[A-Z]{4}\d{5} [A-Z]{4}[A-Z0-9]{4}$/;

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';
const ALNUM = LETTERS + DIGITS;

/** A new reference code; `pick(n)` draws a whole number below n (a secure one by default). */
export function referenceCode(pick: (n: number) => number = (n) => randomInt(n)): string {
  const draw = (alphabet: string, count: number) =>
    Array.from({ length: count }, () => alphabet[pick(alphabet.length)]).join('');
  return `${draw(LETTERS, 4)}${draw(DIGITS, 5)} ${draw(LETTERS, 4)}${draw(ALNUM, 4)}`;
}
