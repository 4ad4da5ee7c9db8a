import {
  CALLS,
  type CallDef,
  errorEnvelopeSchema,
  isErrorKey,
  isStorableText,
} from '@exchange/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditLog,
  deposits,
  journal,
  orders,
  outbox,
  transfers,
  users,
  verificationCodes,
  withdrawals,
} from '../src/db/schema.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpEmail,
  type TestApp,
  uniqueEmail,
} from './helpers.js';
import { uploadImage } from './upload-helpers.js';

let t: TestApp;
/** A signed-in user without funds, and the operator, for the calls that need a session. */
let userToken: string;
let operatorToken: string;
/** A screenshot the fuzzed user really uploaded, so deposit reports get past the proof check. */
let receiptUrl = '';
beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signUpEmail(t)).token;
  receiptUrl = await uploadImage(t, userToken);
  operatorToken = okData(
    await t.call(CALLS.login, {
      login_type: 'email',
      account: 'admin@exchange.test',
      password: 'admin123456',
    }),
  ) as string;
});
/** Every request the fuzzing below sends, reported once at the end. */
let cases = 0;
let moneyCases = 0;
afterAll(async () => {
  console.log(`fuzz cases: ${cases} (money calls: ${moneyCases})`);
  // The app still answers after everything it was sent, and the ledger audit is clean.
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  await t.close();
  expect(health.statusCode).toBe(200);
});

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
        cases++;
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
        cases++;
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
        cases++;
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
        cases++;
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
      'common.bad_text',
    );
    okData(await t.call(CALLS.register, body));
  });
});

// ---- Hostile numbers and text against the calls that move money (security review). ----

/** How a field is broken: each list holds only values its field can never accept. */
type FieldKind = 'amount' | 'text' | 'id' | 'flag';

/** Decimal strings no amount, price or quantity may be, signed or not, at any scale up to 18. */
const BAD_AMOUNTS: unknown[] = [
  '',
  ' ',
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '1e5',
  '1E5',
  '1e-2',
  '-1e2',
  '1e400',
  '0x10',
  '0b1',
  '1,5',
  '1_000',
  '1 000',
  '+1',
  '.5',
  '1.',
  '1..2',
  '0.1.2',
  '--1',
  '1-',
  '-',
  '-0',
  '-0.00',
  '0',
  '0.000',
  '00',
  '１',
  '٣',
  '5\u0000',
  '\u00005',
  '5\ud800',
  '\udc005',
  '1'.repeat(30),
  `-${'9'.repeat(30)}`,
  '9'.repeat(17),
  '1000000000000000.01',
  '1000000000000001',
  '9007199254740993',
  '123456789012345678901234567890.123456789012345678',
  '0.123456789',
  '1.0000000000000000001',
  '5.0000000001',
  '1'.repeat(41),
  'x'.repeat(10_000),
  null,
  true,
  [],
  ['5'],
  { $gt: 0 },
  { toString: '5' },
];

/** Number tokens written into the JSON text as they are: refused as numbers or as JSON. */
const RAW_NUMBERS = [
  '1e5',
  '1E+2',
  '-1e-2',
  '1e400',
  '-1e400',
  '9007199254740993',
  '9007199254740992',
  '123456789012345678901234567890',
  '1.0000000000000000001',
  '0.1234567890123456',
  'NaN',
  'Infinity',
  '-Infinity',
  '01',
  '.5',
  '+1',
  '1.',
  '-',
  '0x10',
  '1e',
];
/** Zero is no amount and no id, but is a valid flag (a limit order). */
const RAW_ZEROS = ['0', '-0', '-0.0'];

const BAD_TEXT: unknown[] = [
  'ab\ud800cd',
  'ab\udc00cd',
  'abc\udbff',
  '\udfffabc',
  '\udc00\ud800abc',
  'ab\u0000cd',
  '\u0000\u0000\u0000',
  'x'.repeat(10_000),
  null,
  123,
  [],
  { a: 'b' },
];

/** Never an id of anything (ids and account types are positive 32-bit integers). */
const BAD_IDS: unknown[] = [
  0,
  -1,
  1.5,
  2_147_483_648,
  '',
  'NaN',
  'Infinity',
  '-0',
  'x\ud800',
  'a\u0000',
  null,
  [],
  {},
];
// '', null and [] are not here: the contract coerces them to 0, a limit order.
const BAD_FLAGS: unknown[] = [2, 3, -1, 0.5, 'x', 'NaN', {}, 'a\u0000'];

interface MoneyCall {
  path: string;
  method: 'GET' | 'POST';
  admin?: boolean;
  /** Accepted as it is (unless the funds or addresses lack): every case breaks a field of it. */
  base: () => Record<string, unknown>;
  fields: Record<string, FieldKind>;
}

let fundedEmail = '';
let fundedToken = '';
const MONEY_CALLS: MoneyCall[] = [
  {
    path: 'admin/ledger/adjust',
    method: 'POST',
    admin: true,
    base: () => ({ user: fundedEmail, currency: 'USDT', amount: '5', reason: 'fuzz case' }),
    fields: {
      user: 'text',
      currency: 'text',
      amount: 'amount',
      reason: 'text',
      account_type: 'id',
    },
  },
  {
    path: 'account/transfer',
    method: 'POST',
    base: () => ({ currency_id: 1, balance: '5', from: 1, to: 2 }),
    fields: { currency_id: 'id', balance: 'amount', from: 'id', to: 'id', client_id: 'text' },
  },
  {
    path: 'account/draw',
    method: 'POST',
    base: () => ({
      currency_id: 1,
      currency_protocol_id: 2,
      address: 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv',
      number: '20',
      pay_password: 'trade123',
    }),
    fields: {
      currency_id: 'id',
      currency_protocol_id: 'id',
      address: 'text',
      memo: 'text',
      number: 'amount',
      pay_password: 'text',
    },
  },
  {
    path: 'wallet/createPayOrder',
    method: 'POST',
    base: () => ({
      currency_id: 1,
      currency_protocol_id: 2,
      chargeNum: '5',
      walletAddress: 'TSenderAddress',
      imgUrl: receiptUrl,
    }),
    fields: {
      currency_id: 'id',
      currency_protocol_id: 'id',
      chargeNum: 'amount',
      walletAddress: 'text',
      in_address: 'text',
      imgUrl: 'text',
    },
  },
  ...['tx_in/add', 'tx_out/add'].map((path): MoneyCall => ({
    path,
    method: 'POST',
    base: () => ({ currency_match_id: 1, number: '0.01', price: '100', type: 0 }),
    fields: {
      currency_match_id: 'id',
      number: 'amount',
      price: 'amount',
      type: 'flag',
      client_order_id: 'text',
    },
  })),
  {
    path: 'account/convert',
    method: 'POST',
    base: () => ({ currency_id: 2, number: '0.01', min_receive: '1' }),
    fields: {
      currency_id: 'id',
      number: 'amount',
      min_receive: 'amount',
      account_type_id: 'id',
      currency_protocol_id: 'id',
    },
  },
  {
    path: 'account/convert_quote',
    method: 'GET',
    base: () => ({ currency_id: 2, number: '0.01' }),
    fields: { currency_id: 'id', number: 'amount' },
  },
];

/** One value of a field: a JSON value, or a token written into the JSON text as it is. */
type Broken = { value: unknown } | { raw: string };

function brokenValues(kind: FieldKind): Broken[] {
  const values = { amount: BAD_AMOUNTS, text: BAD_TEXT, id: BAD_IDS, flag: BAD_FLAGS }[kind];
  const raws =
    kind === 'text' ? [] : kind === 'flag' ? RAW_NUMBERS : [...RAW_NUMBERS, ...RAW_ZEROS];
  return [...values.map((value) => ({ value })), ...raws.map((raw) => ({ raw }))];
}

/** The body text with the broken fields in place; raw tokens go in unquoted. */
function bodyText(base: Record<string, unknown>, broken: Record<string, Broken>): string {
  const body: Record<string, unknown> = { ...base };
  const raws: string[] = [];
  for (const [field, b] of Object.entries(broken)) {
    if ('raw' in b) {
      body[field] = `@@raw${raws.length}@@`;
      raws.push(b.raw);
    } else body[field] = b.value;
  }
  let text = JSON.stringify(body);
  raws.forEach((raw, i) => {
    text = text.replace(`"@@raw${i}@@"`, raw);
  });
  return text;
}

/** Strings a query can carry (a query has no JSON numbers and no empty amount is missing). */
function queryValue(b: Broken): string | null {
  if ('raw' in b) return b.raw;
  if (typeof b.value !== 'string' || b.value.trim() === '' || !isStorableText(b.value)) return null;
  return b.value;
}

async function moneyCounts() {
  const n = async (
    table:
      | typeof journal
      | typeof orders
      | typeof deposits
      | typeof withdrawals
      | typeof transfers
      | typeof auditLog,
  ) => (await t.store.db.select({ n: count() }).from(table))[0]?.n;
  return {
    journal: await n(journal),
    orders: await n(orders),
    deposits: await n(deposits),
    withdrawals: await n(withdrawals),
    transfers: await n(transfers),
    audit: await n(auditLog),
  };
}

describe('hostile numbers and text against the money calls, with funds to lose', () => {
  beforeAll(async () => {
    const funded = await signUpEmail(t);
    fundedEmail = funded.email;
    fundedToken = funded.token;
    for (const [currency, amount] of [
      ['USDT', '100000'],
      ['BTC', '10'],
    ]) {
      okData(
        await t.call(
          CALLS.ledgerAdjust,
          { user: fundedEmail, currency, amount, reason: 'fuzz funding' },
          { token: operatorToken },
        ),
      );
    }
  });

  it.each(MONEY_CALLS.map((c) => [c.path, c] as const))(
    '%s: every field broken in every way, alone and together → 4xx envelope, nothing moves',
    async (_path, call) => {
      const before = await moneyCounts();
      const token = call.admin ? operatorToken : fundedToken;
      const base = call.base();
      const fields = Object.entries(call.fields);
      const plans: Record<string, Broken>[] = fields.flatMap(([field, kind]) =>
        brokenValues(kind).map((b) => ({ [field]: b })),
      );
      // Then a few fields at once, picked by a seeded generator.
      const r = random(call.path.length * 31337);
      for (let i = 0; i < 60; i++) {
        const plan: Record<string, Broken> = {};
        const n = 1 + Math.floor(r() * 3);
        for (let k = 0; k < n; k++) {
          const [field, kind] = fields[Math.floor(r() * fields.length)] ?? ['extra', 'text'];
          const options = brokenValues(kind);
          const pickIt = options[Math.floor(r() * options.length)];
          if (pickIt) plan[field] = pickIt;
        }
        plans.push(plan);
      }

      for (const plan of plans) {
        let res;
        let where: string;
        if (call.method === 'GET') {
          const query: Record<string, string> = {};
          for (const [k, v] of Object.entries(base)) query[k] = String(v);
          let usable = true;
          for (const [field, b] of Object.entries(plan)) {
            const v = queryValue(b);
            if (v === null) usable = false;
            else query[field] = v;
          }
          if (!usable) continue;
          where = `${call.path} ${JSON.stringify(query).slice(0, 200)}`;
          res = await t.app.inject({
            method: 'GET',
            url: `/api/${call.path}`,
            query,
            headers: { authorization: token },
          });
        } else {
          const payload = bodyText(base, plan);
          where = `${call.path} ${payload.slice(0, 200)}`;
          res = await t.app.inject({
            method: 'POST',
            url: `/api/${call.path}`,
            payload,
            headers: { 'content-type': 'application/json', authorization: token },
          });
        }
        cases++;
        moneyCases++;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        const body = errorEnvelopeSchema.parse(res.json());
        expect(body.code, where).toBe(0);
        expect(isErrorKey(body.error), where).toBe(true);
        expect(body.message, where).not.toBe('');
      }
      expect(await moneyCounts()).toEqual(before);
    },
  );

  it.each(MONEY_CALLS.filter((c) => c.method === 'POST').map((c) => [c.path, c] as const))(
    '%s: bodies that are not JSON objects, deep, duplicated or huge → 4xx envelope',
    async (_path, call) => {
      const before = await moneyCounts();
      const token = call.admin ? operatorToken : fundedToken;
      const base = JSON.stringify(call.base()).slice(1, -1);
      const amountField = Object.keys(call.fields).find((f) => call.fields[f] === 'amount');
      const bodies = [
        '',
        '{',
        '{"amount":1e5',
        'null',
        '[]',
        '-0',
        '1e5',
        '"\\ud800"',
        `{${base},"extra":1e5}`,
        `{${base},"nested":{"deep":[1,[2,[9007199254740993]]]}}`,
        `{${base},"__proto__":{"admin":true}}`,
        `{${base},"constructor":{"prototype":{"admin":true}}}`,
        // The last of two equal keys wins: the well-formed first one must not hide it.
        `{${base},"${amountField ?? 'amount'}":"\\ud800\\u0000"}`,
        `{${base},"${amountField ?? 'amount'}":-0}`,
        `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
        `{${base},"pad":"${'x'.repeat(300 * 1024)}"}`,
      ];
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${call.path}`,
          payload,
          headers: { 'content-type': 'application/json; charset=utf-8', authorization: token },
        });
        cases++;
        moneyCases++;
        const where = `${call.path} ${payload.slice(0, 120)}`;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        const body = errorEnvelopeSchema.parse(res.json());
        expect(isErrorKey(body.error), where).toBe(true);
      }
      expect(await moneyCounts()).toEqual(before);
    },
  );
});
