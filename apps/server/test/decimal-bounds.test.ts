import { Writable } from 'node:stream';
import {
  CALLS,
  type CallDef,
  type CallName,
  DECIMAL_FIELDS,
  DECIMAL_INPUT,
  type LeverPosition,
} from '@exchange/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PAY_PASSWORD, TRON_ADDRESS, TRC20_USDT } from './assets-helpers.js';
import { LEVER, leverCalls } from './lever-helpers.js';
import { assertAudit, createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  BTC,
  BTC_USDT,
  buy,
  cancel,
  operatorToken,
  sell,
  trader,
  type Trader,
  USDT,
} from './spot-helpers.js';

// Finding of the security review: lever/setstop took a 40-digit stop price, which overflowed its
// NUMERIC(48,18) column at commit time: the batch failed, the core rebuilt its memory and every
// other user's order was answered 503 meanwhile. Every decimal field of every call is now one
// schema (`decimalInput`, registered in DECIMAL_FIELDS) with a size bound, so this test finds them
// all in the contract by themselves, sends each an over-long value and expects 422 and nothing
// changed anywhere; a decimal field added later without a valid request below fails the test.

const WHOLE_40 = '1234567890123456789012345678901234567890';
const FRACTION_40 = `0.${'1234567890'.repeat(4)}`;
const OVERSIZED: [string, string][] = [
  [WHOLE_40, 'amount.too_large'],
  [FRACTION_40, 'amount.precision'],
  [`-${WHOLE_40.slice(1)}`, 'amount.too_large'],
  [`1.${'0'.repeat(18)}1`, 'amount.precision'],
  ['1000000000000000.000000000000000001', 'amount.too_large'],
];

let t: TestApp;
let op: string;
let maker: Trader;
/** A user with trade, lever and micro funds and an open long BTC/USDT lever position. */
let user: Trader;
let position: LeverPosition;
const logLines: Record<string, unknown>[] = [];
let now = Date.now();
/** Longer than any lever mark window: the book has stood for it. */
const MARK_WAIT_MS = 61 * 60_000;

/** An earning product's terms, and a product made with them. */
const EARN_TERMS = {
  currency_id: USDT,
  name: 'Decimal bounds savings',
  days: 7,
  rate: '0.05',
  min_number: '10',
  max_number: '100',
  max_per_user: '100',
  quota: '1000',
  yield_source: 'the test',
};
let earnId = 0;

/** A valid request of each call that has a decimal field (the decimals well inside the bounds). */
function validRequests(): Partial<Record<CallName, Record<string, unknown>>> {
  return {
    leverSubmit: {
      currency_match_id: BTC_USDT,
      share: 1,
      multiple: 10,
      type: 1,
      status: 0,
      target_price: '60000',
      password: PAY_PASSWORD,
    },
    leverSetStop: { id: position.id, target_profit_price: '70000', stop_loss_price: '60000' },
    adminLeverStopOut: { level: '50' },
    adminLeverSettings: {
      currency_match_id: BTC_USDT,
      lever_point_rate: '0.001',
      lever_share_num: '0.01',
      lever_fee_rate: '0.002',
      overnight_rate: '0.0005',
    },
    microSubmit: { match_id: BTC_USDT, currency_id: USDT, type: 1, seconds: 60, number: '10' },
    adminMicroFund: { currency: 'USDT', amount: '1', reason: 'decimal bounds' },
    adminMicroSettings: { match_id: BTC_USDT, currency_id: USDT, exposure_cap: '1000' },
    adminMicroPair: { match_id: BTC_USDT, options: [{ seconds: 60, profit_ratio: '0.8' }] },
    adminMicroDefaults: { options: [{ seconds: 60, profit_ratio: '0.8' }] },
    adminMicroCurrency: {
      currency_id: USDT,
      micro_numbers: ['10', '20'],
      min_number: '1',
      max_number: '1000',
      fee_rate: '0.01',
      default_cap: '1000',
    },
    buy: { currency_match_id: BTC_USDT, number: '0.01', price: '60000' },
    sell: { currency_match_id: BTC_USDT, number: '0.01', price: '70000' },
    createPayOrder: {
      currency_id: USDT,
      currency_protocol_id: TRC20_USDT,
      chargeNum: '10',
      walletAddress: TRON_ADDRESS,
      imgUrl: '/uploads/proof.png',
    },
    draw: {
      currency_id: USDT,
      currency_protocol_id: TRC20_USDT,
      address: TRON_ADDRESS,
      number: '10',
      pay_password: PAY_PASSWORD,
    },
    transfer: { currency_id: USDT, balance: '1', from: 1, to: LEVER },
    convertQuote: { currency_id: BTC, number: '0.01' },
    convert: { currency_id: BTC, number: '0.01', min_receive: '1' },
    ledgerAdjust: { user: user.email, currency: 'USDT', amount: '1', reason: 'decimal bounds' },
    ieoAdd: { id: earnId, number: '10', pay_password: PAY_PASSWORD },
    adminIeoCreate: EARN_TERMS,
    adminIeoUpdate: { id: earnId, ...EARN_TERMS },
    adminIeoFund: { id: earnId, amount: '1', reason: 'decimal bounds' },
    updatePayOrder: { order_id: 1, imgUrl: '/uploads/proof.png', chargeNum: '10' },
    withdrawalPost: {
      amount: '1',
      rate: '25200',
      total_amount: '25200',
      pay_password: PAY_PASSWORD,
    },
  };
}

type Path = (string | number)[];

/** The paths of every decimal field in a request schema, found by the field schema's identity. */
function decimalPaths(schema: z.ZodType, path: Path = []): Path[] {
  if (DECIMAL_FIELDS.has(schema)) return [path];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (s: unknown, p: Path = path) => decimalPaths(s as z.ZodType, p);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, s]) =>
        inner(s, [...path, key]),
      );
    case 'array':
      return inner(def.element, [...path, 0]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    default:
      return [];
  }
}

function unique(paths: Path[]): Path[] {
  return [...new Map(paths.map((p) => [p.join('.'), p])).values()];
}

function withValue(base: Record<string, unknown>, path: Path, value: string) {
  const copy = structuredClone(base);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object')
      throw new Error(`the valid request lacks ${path.join('.')}`);
    node = next as Record<string | number, unknown>;
  }
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

/** Rows of a raw query, from PGlite (`{ rows }`) or a PostgreSQL driver (an array). */
async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const res: unknown = await t.store.db.execute(q);
  return Array.isArray(res) ? (res as T[]) : (res as { rows: T[] }).rows;
}

/** Every row of every table the calls could change: balances, orders, positions, settings… */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables = await query<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // Sessions and throttles change with every signed-in request, not with what it asks for.
  const volatile = new Set(['sessions', 'throttles']);
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (volatile.has(name)) continue;
    out[name] = await query(sql.raw(`select * from "${name}" order by 1`));
  }
  return out;
}

function coreFailures() {
  return logLines.filter((l) => String(l.msg).startsWith('core:'));
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  // The lever mark price runs on a clock the test drives: a book must stand for a while first.
  const options = { logger: pino({ level: 'warn' }, logStream), leverClock: () => now };
  t = await createTestApp({}, options);
  op = await operatorToken(t);
  maker = await trader(t, op, { USDT: '10000000', BTC: '100' });
  okData(
    await t.call(
      CALLS.adminLeverSettings,
      {
        currency_match_id: BTC_USDT,
        open_lever: 1,
        lever_point_rate: '0.001',
        lever_share_num: '0.01',
        lever_fee_rate: '0.002',
        multiples: [10, 20],
        min_share: 1,
        max_share: 50,
        overnight_rate: '0.0005',
        max_open_interest: 1000,
      },
      { token: op },
    ),
  );
  for (const [who, amount] of [
    ['lever-house', '100000'],
    ['lever-insurance', '1000'],
  ] as const) {
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user: who, currency: 'USDT', amount, reason: 'house funding for the test' },
        { token: op },
      ),
    );
  }
  // A book (one bid, one ask, deep enough) that has stood a while gives the lever mark.
  await buy(t, maker.token, { price: '64990', number: '1' });
  await sell(t, maker.token, { price: '65010', number: '1' });
  // Asks up the band: pushing the mark would cost more than the position could win.
  await sell(t, maker.token, { price: '65500', number: '1' });
  await sell(t, maker.token, { price: '66000', number: '1' });
  now += MARK_WAIT_MS;

  const lever = leverCalls(() => ({ t, op }), { currency_match_id: BTC_USDT, share: 3 });
  user = await lever.leverTrader('10000', { USDT: '100000', BTC: '1' });
  position = await lever.submit(user);
  expect(position.status).toBe(1);
  earnId = (okData(await t.call(CALLS.adminIeoCreate, EARN_TERMS, { token: op })) as { id: number })
    .id;
});
afterAll(() => t.close());

describe('every decimal field of every call is bounded', () => {
  it('the contract has decimal fields, and a valid request for each call that has one', () => {
    const valid = validRequests();
    const found = Object.entries(CALLS).filter(
      ([, call]) => decimalPaths((call as CallDef).request).length > 0,
    );
    // The money calls at least: a walk that finds nothing would prove nothing.
    expect(found.map(([name]) => name)).toEqual(
      expect.arrayContaining(['leverSetStop', 'leverSubmit', 'buy', 'draw', 'ledgerAdjust']),
    );
    for (const [name, call] of found) {
      const base = valid[name as CallName];
      expect(base, `${name} has decimal fields: add a valid request of it above`).toBeDefined();
      const parsed = (call as CallDef).request.safeParse(base);
      expect(
        parsed.success,
        `${name}: the valid request must pass ${JSON.stringify(parsed.error?.issues)}`,
      ).toBe(true);
    }
  });

  it('40 whole digits or 40 decimals in any decimal field → 422 with its key, nothing changes, the core never rebuilds', async () => {
    const valid = validRequests();
    await t.app.ctx.core.recovered();
    const before = await snapshot();
    const failuresBefore = coreFailures().length;
    let cases = 0;
    for (const [name, def] of Object.entries(CALLS)) {
      const call = def as CallDef;
      const paths = unique(decimalPaths(call.request));
      if (paths.length === 0) continue;
      const base = valid[name as CallName] ?? {};
      const token = call.auth === 'admin' ? op : user.token;
      for (const path of paths) {
        for (const [value, key] of OVERSIZED) {
          const request = withValue(base, path, value);
          const where = `${call.method} ${call.path} ${path.join('.')}=${value}`;
          const parsed = call.request.safeParse(request);
          expect(parsed.success, where).toBe(false);
          const res = await t.call(call, request, { token });
          expect({ where, status: res.status, error: res.body.error }).toEqual({
            where,
            status: 422,
            error: key,
          });
          expect(res.body.details?.[0]).toEqual({ field: path.join('.'), error: key });
          expect(res.body.message, where).toContain(
            key === 'amount.too_large' ? DECIMAL_INPUT.max : String(DECIMAL_INPUT.maxDecimals),
          );
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThanOrEqual(30 * OVERSIZED.length);
    expect(await snapshot()).toEqual(before);
    await assertAudit(t.store);
    expect(coreFailures().slice(failuresBefore)).toEqual([]);
  });

  it('numbers carried by fields that are not decimal fields are bounded by their parser: 422, nothing changes', async () => {
    const before = await snapshot();
    for (const value of [WHOLE_40, FRACTION_40]) {
      // wallet/createPayOrder of spec 2 sends the quantity in walletAddress (no chargeNum).
      const { chargeNum: _, ...spec2 } = validRequests().createPayOrder ?? {};
      const report = await t.call(
        CALLS.createPayOrder,
        { ...spec2, walletAddress: value },
        { token: user.token },
      );
      expect(report.status).toBe(422);
      expect(['amount.too_large', 'amount.precision']).toContain(report.body.error);
      // Operator settings that are whole numbers.
      const setting = await t.call(
        CALLS.adminSettingsUpdate,
        { key: 'open_orders_per_market', value },
        { token: op },
      );
      expect(setting.status).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the message is translated', async () => {
    const res = await t.call(
      CALLS.leverSetStop,
      { id: position.id, target_profit_price: WHOLE_40 },
      { token: user.token, lang: 'fr' },
    );
    expectError(res, 422, 'amount.too_large');
    const en = await t.call(
      CALLS.leverSetStop,
      { id: position.id, target_profit_price: WHOLE_40 },
      { token: user.token },
    );
    expect(res.body.message).not.toBe(en.body.message);
    expect(res.body.message).toContain(DECIMAL_INPUT.max);
  });
});

describe('lever/setstop on a real open position', () => {
  it('a 40-digit stop → 422; the position keeps its stops and another user trades at once (no 503)', async () => {
    okData(
      await t.call(
        CALLS.leverSetStop,
        { id: position.id, target_profit_price: '70000', stop_loss_price: '60000' },
        { token: user.token },
      ),
    );
    const other = await trader(t, op, { USDT: '1000' });
    const before = await snapshot();
    for (const [value, key] of OVERSIZED) {
      for (const field of ['target_profit_price', 'stop_loss_price']) {
        expectError(
          await t.call(
            CALLS.leverSetStop,
            { id: position.id, [field]: value },
            { token: user.token },
          ),
          422,
          key,
        );
        // Right after: another user's order is taken, not answered 503 by a rebuilding core.
        const order = await buy(t, other.token, { price: '100', number: '0.01' });
        await cancel(t, other.token, order);
      }
    }
    expect(coreFailures()).toEqual([]);
    const mine = CALLS.leverMyTrade.response
      .parse(okData(await t.call(CALLS.leverMyTrade, { status: 5 }, { token: user.token })))
      .data.find((p) => p.id === position.id);
    expect(mine).toMatchObject({ target_profit_price: '70000', stop_loss_price: '60000' });
    // Nothing of the positions or the user's balances moved (only the other user's orders did).
    const after = await snapshot();
    expect(after.lever_positions).toEqual(before.lever_positions);
    const own = (s: Record<string, unknown[]>) =>
      (s.accounts as { user_id: number | null }[]).filter((a) => a.user_id === user.id);
    expect(own(after)).toEqual(own(before));
    await assertAudit(t.store);
  });

  it('a stop inside the contract bound but above what an order carries → 422 amount.too_large from the server parser', async () => {
    const before = await snapshot();
    for (const value of ['1000000000000000', '99999999999999', '90071992547409.92']) {
      expectError(
        await t.call(
          CALLS.leverSetStop,
          { id: position.id, target_profit_price: value },
          { token: user.token },
        ),
        422,
        'amount.too_large',
      );
    }
    expectError(
      await t.call(
        CALLS.leverSubmit,
        { ...validRequests().leverSubmit, target_price: '99999999999999' },
        { token: user.token },
      ),
      422,
      'amount.too_large',
    );
    expect(await snapshot()).toEqual(before);
    expect(coreFailures()).toEqual([]);
  });

  it('the largest stop the parser takes commits and reads back; empty or zero clears it', async () => {
    const largest = '90071992547409';
    const set = CALLS.leverSetStop.response.parse(
      okData(
        await t.call(
          CALLS.leverSetStop,
          { id: position.id, target_profit_price: largest, stop_loss_price: '60000' },
          { token: user.token },
        ),
      ),
    );
    expect(set.target_profit_price).toBe(largest);
    // Written to its NUMERIC column and read back by a new core from the store.
    await t.restart();
    now += MARK_WAIT_MS;
    const reread = CALLS.leverMyTrade.response
      .parse(okData(await t.call(CALLS.leverMyTrade, { status: 5 }, { token: user.token })))
      .data.find((p) => p.id === position.id);
    expect(reread).toMatchObject({ target_profit_price: largest, stop_loss_price: '60000' });
    const cleared = CALLS.leverSetStop.response.parse(
      okData(
        await t.call(
          CALLS.leverSetStop,
          { id: position.id, target_profit_price: '', stop_loss_price: '0.00' },
          { token: user.token },
        ),
      ),
    );
    expect(cleared).toMatchObject({ target_profit_price: null, stop_loss_price: null });
    expect(coreFailures()).toEqual([]);
  });
});
