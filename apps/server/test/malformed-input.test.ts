import { CALLS, type CallDef, errorEnvelopeSchema, isErrorKey } from '@exchange/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { journal, orders, outbox, users, verificationCodes } from '../src/db/schema.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpEmail,
  type TestApp,
  uniqueEmail,
} from './helpers.js';

let t: TestApp;
/** A signed-in user without funds, and the operator, for the calls that need a session. */
let userToken: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signUpEmail(t)).token;
  operatorToken = okData(
    await t.call(CALLS.login, {
      login_type: 'email',
      account: 'admin@exchange.test',
      password: 'admin123456',
    }),
  ) as string;
});
afterAll(() => t.close());

/** mulberry32: a seeded generator, so a failing body can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
function pick<T>(r: Rand, options: readonly (() => T)[]): T {
  const make = options[Math.floor(r() * options.length)];
  if (!make) throw new Error('nothing to pick from');
  return make();
}

/** Values that are never a valid account or address. */
function badValue(r: Rand, depth = 0): unknown {
  const scalars: (() => unknown)[] = [
    () => null,
    () => Math.floor(r() * 2e9) - 1e9,
    () => r() * 1e308,
    () => r() < 0.5,
    () => '',
    () => '   ',
    () => 'a\u0000b',
    () => 'x'.repeat(1 + Math.floor(r() * 100_000)),
    () => '💥'.repeat(40),
    () => '<script>alert(1)</script>',
    () => "' OR 1=1 --",
    () => '1e999',
  ];
  if (depth > 2) return pick(r, scalars);
  return pick(r, [
    ...scalars,
    () => [],
    () => [badValue(r, depth + 1), badValue(r, depth + 1)],
    () => ({ nested: badValue(r, depth + 1), toString: 'x' }),
  ]);
}

function fieldsOf(call: CallDef): string[] {
  return call.request instanceof z.ZodObject ? Object.keys(call.request.shape) : [];
}

/** A malformed body for a call: not an object at all, or its account field always wrong. */
function badBody(r: Rand, call: CallDef): unknown {
  if (r() < 0.2)
    return pick<unknown>(r, [() => null, () => 42, () => 'text', () => [1], () => true]);
  const fields = fieldsOf(call);
  const body: Record<string, unknown> = {};
  for (const field of [...fields, 'extra', 'constructor']) {
    if (r() < 0.7) body[field] = badValue(r);
  }
  const account = fields.includes('to') ? 'to' : 'account';
  if (fields.includes(account)) body[account] = badValue(r);
  return body;
}

async function counts() {
  const n = async (
    table: typeof users | typeof verificationCodes | typeof outbox | typeof orders | typeof journal,
  ) => (await t.store.db.select({ n: count() }).from(table))[0]?.n;
  return {
    users: await n(users),
    codes: await n(verificationCodes),
    outbox: await n(outbox),
    orders: await n(orders),
    journal: await n(journal),
  };
}

const post = Object.values(CALLS).filter((c) => c.method === 'POST');
const get = Object.values(CALLS).filter((c) => c.method === 'GET');
/**
 * The money calls (spot orders, balances, operator), sent again with a valid token so that the
 * body is what gets refused: without one they stop at 999.
 */
const authed = Object.values(CALLS).filter(
  (c) => (c.auth === 'user' || c.auth === 'admin') && ['spot', 'account', 'admin'].includes(c.tag),
);
const tokenFor = (call: CallDef) => (call.auth === 'admin' ? operatorToken : userToken);

/**
 * Well-formed bodies of the money calls that still cannot change anything: the user has no funds,
 * no order 1 of theirs exists and the operator names nobody.
 */
const NEAR_VALID: Record<string, Record<string, unknown>> = {
  'tx_in/add': { currency_match_id: 1, number: '0.01', price: '100', type: 0 },
  'tx_out/add': { currency_match_id: 1, number: '0.01', price: '100', type: 0 },
  'tx_in/cancel': { id: 1 },
  'tx_out/cancel': { id: 1 },
  'admin/ledger/adjust': {
    user: 'nobody@example.com',
    currency: 'USDT',
    amount: '1',
    reason: 'abc',
  },
};

/** Every other body is a well-formed one with one field broken, to get past the schema. */
function authedBody(r: Rand, call: CallDef, i: number): unknown {
  const base = NEAR_VALID[call.path];
  if (!base || i % 2 === 0) return badBody(r, call);
  const fields = Object.keys(base);
  const field = fields[Math.floor(r() * fields.length)] ?? 'extra';
  return { ...base, [field]: badValue(r) };
}

describe('malformed input never breaks the server', () => {
  it.each(post.map((c) => [c.path, c] as const))(
    'POST %s: random malformed bodies → 4xx envelope, nothing created',
    async (_path, call) => {
      const before = await counts();
      const r = random(call.path.length * 7919);
      for (let i = 0; i < 40; i++) {
        const payload = JSON.stringify(badBody(r, call));
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${call.path}`,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        const where = `${call.path} #${i}: ${payload.slice(0, 200)}`;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        const body = errorEnvelopeSchema.parse(res.json());
        expect([0, 999], where).toContain(body.code);
        expect(isErrorKey(body.error), where).toBe(true);
        expect(body.message, where).not.toBe('');
      }
      expect(await counts()).toEqual(before);
    },
  );

  it.each(get.map((c) => [c.path, c] as const))(
    'GET %s: random query strings → never 5xx, always an envelope',
    async (_path, call) => {
      const r = random(call.path.length * 104729);
      const values = [
        '',
        'a\u0000',
        '-1',
        '0',
        '1e400',
        '9007199254740993',
        'x'.repeat(2000),
        '[]',
      ];
      for (let i = 0; i < 20; i++) {
        const query: Record<string, string | string[]> = {};
        for (const field of [...fieldsOf(call), 'page', 'limit', 'extra']) {
          if (r() < 0.7)
            query[field] = pick(
              r,
              values.map((v) => () => v),
            );
          if (r() < 0.1) query[field] = ['1', '2'];
        }
        const res = await t.app.inject({ method: 'GET', url: `/api/${call.path}`, query });
        const where = `${call.path} #${i}: ${JSON.stringify(query).slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        const body = res.json<{ code: number }>();
        if (res.statusCode === 200) expect(body.code, where).toBe(1);
        else errorEnvelopeSchema.parse(body);
      }
    },
  );

  it.each(authed.filter((c) => c.method === 'POST').map((c) => [c.path, c] as const))(
    'POST %s with a valid session: random malformed bodies → 4xx, no order or journal entry',
    async (_path, call) => {
      const before = await counts();
      const r = random(call.path.length * 15485863);
      for (let i = 0; i < 60; i++) {
        const payload = JSON.stringify(authedBody(r, call, i));
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${call.path}`,
          payload,
          headers: { 'content-type': 'application/json', authorization: tokenFor(call) },
        });
        const where = `${call.path} #${i}: ${payload.slice(0, 200)}`;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        const body = errorEnvelopeSchema.parse(res.json());
        // The session is valid: the refusal is about the body, never 999.
        expect(body.code, where).toBe(0);
        expect(isErrorKey(body.error), where).toBe(true);
        expect(body.message, where).not.toBe('');
      }
      expect(await counts()).toEqual(before);
    },
  );

  it.each(authed.filter((c) => c.method === 'GET').map((c) => [c.path, c] as const))(
    'GET %s with a valid session: random query strings → never 5xx, always an envelope',
    async (_path, call) => {
      const before = await counts();
      const r = random(call.path.length * 7);
      const values = [
        '',
        'a\u0000',
        '-1',
        '0',
        '1e400',
        '9007199254740993',
        'x'.repeat(2000),
        '[]',
      ];
      for (let i = 0; i < 40; i++) {
        const query: Record<string, string | string[]> = {};
        for (const field of [...fieldsOf(call), 'page', 'limit', 'extra']) {
          if (r() < 0.7)
            query[field] = pick(
              r,
              values.map((v) => () => v),
            );
          if (r() < 0.1) query[field] = ['1', '2'];
        }
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/${call.path}`,
          query,
          headers: { authorization: tokenFor(call) },
        });
        const where = `${call.path} #${i}: ${JSON.stringify(query).slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        const body = res.json<{ code: number }>();
        expect(body.code, where).not.toBe(999);
        if (res.statusCode === 200) expect(body.code, where).toBe(1);
        else errorEnvelopeSchema.parse(body);
      }
      expect(await counts()).toEqual(before);
    },
  );

  it('a NUL byte in an otherwise valid register is refused before it reaches SQL', async () => {
    const email = uniqueEmail();
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
    const body = {
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await t.lastCode(email),
    };
    expectError(
      await t.call(CALLS.register, { ...body, invite_code: 'AB\u0000' }),
      422,
      'common.invalid_param',
    );
    okData(await t.call(CALLS.register, body));
  });
});
