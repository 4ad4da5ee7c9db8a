import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Micro trade's outcome is a pure function of recorded trades (or the recorded book): no setting,
 * table, field or endpoint can choose, bias or edit an outcome, a price or a candle. These checks
 * read the contract and the code paths that settle, and fail when an input that could appears.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = path.join(root, 'apps/server/src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}
const sources = files(src).map((file) => ({
  file: path.relative(root, file),
  text: readFileSync(file, 'utf8'),
}));

/** Every field name a request schema accepts, nested objects and arrays included. */
function fieldNames(schema: z.ZodType): string[] {
  let s: z.ZodType = schema;
  // Unwrap optional, default, pipe and the like down to the shape.
  for (let i = 0; i < 10; i++) {
    const def = (
      s as unknown as {
        def: { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
      }
    ).def;
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else if (def.type === 'array' && def.element) s = def.element;
    else break;
  }
  if (s instanceof z.ZodObject) {
    return Object.entries(s.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [
      key,
      ...fieldNames(value).map((k) => `${key}.${k}`),
    ]);
  }
  return [];
}

/** What micro trade's calls accept: nothing names a price, an index, an outcome or a result. */
const MICRO_FIELDS = new Set([
  'match_id',
  'currency_id',
  'type',
  'seconds',
  'number',
  'status',
  'page',
  'limit',
  'id',
  'currency',
  'amount',
  'reason',
  'exposure_cap',
  'open_microtrade',
  'options',
  'options.seconds',
  'options.profit_ratio',
  'enabled',
  'micro_numbers',
  'min_number',
  'max_number',
  'fee_rate',
  'default_cap',
  // The pair's published index minimums and the house's multiple: each order keeps those in
  // force when it was accepted (micro_orders.index_min_*), so a later change decides nothing.
  'index_min_trades',
  'index_min_volume',
  'manipulation_multiple',
]);
/** Field names that say "index" without carrying one: the published minimums of the index. */
const MINIMUMS = /^index_min_(trades|volume)$/;
const OUTCOME_WORDS =
  /price|index|outcome|result|fact|profits\b|candle|kline|trade_id|evidence|open_at|end_at|win|lose|loss/i;

describe('no input decides a micro outcome', () => {
  it('micro trade calls accept only the known fields, none naming a price or a result', () => {
    const micro = Object.values(CALLS).filter(
      (c) => c.path.startsWith('microtrade/') || c.path.startsWith('admin/microtrade/'),
    );
    expect(micro.length).toBeGreaterThanOrEqual(10);
    for (const call of micro) {
      for (const field of fieldNames(call.request)) {
        expect(MICRO_FIELDS.has(field), `${call.path} accepts ${field}`).toBe(true);
        expect(
          OUTCOME_WORDS.test(field.replace('profit_ratio', '').replace(MINIMUMS, '')),
          `${call.path}: ${field}`,
        ).toBe(false);
      }
    }
  });

  it('no operator call takes a price, an index, an outcome or a candle', () => {
    for (const call of Object.values(CALLS).filter((c) => c.auth === 'admin')) {
      for (const field of fieldNames(call.request)) {
        expect(
          /open_price|end_price|outcome|fact_profits|index|candle|kline|^(open|close|high|low)$/.test(
            field.replace(MINIMUMS, ''),
          ),
          `${call.path} accepts ${field}`,
        ).toBe(false);
      }
    }
  });

  it('micro orders and indexes are written only by the core’s batch part', () => {
    for (const { file, text } of sources) {
      const writesOrders = /\.(insert|update|delete)\(\s*micro(Orders|Index)\b/.test(text);
      expect(writesOrders, `${file} writes micro_orders or micro_index through drizzle`).toBe(
        false,
      );
      const raw = /(insert into|update|delete from|insert\()\s*'?micro_(orders|index)\b/.test(text);
      if (raw) expect(file).toBe('apps/server/src/domains/micro/rows.ts');
    }
  });

  it('trades are never changed, and candles are written only from trades', () => {
    for (const { file, text } of sources) {
      expect(/\.(update|delete)\(\s*trades\b/.test(text), `${file} changes trades`).toBe(false);
      expect(/(update|delete from)\s+trades\b/i.test(text), `${file} changes trades`).toBe(false);
      if (/\.(insert|update|delete)\(\s*candles\b|insert\('candles'|update candles/.test(text)) {
        expect([
          'apps/server/src/domains/market/candle-store.ts',
          'apps/server/src/demo/backfill.ts',
        ]).toContain(file);
      }
    }
  });

  it('the settling code sets prices and results only from the index and the engine', () => {
    const handler = readFileSync(path.join(src, 'domains/micro/settle.ts'), 'utf8');
    const assignments = [
      ...handler.matchAll(/\.(openPrice|endPrice|outcome|factProfits) = ([^;]+);/g),
    ].map((m) => `${m[1] ?? ''} = ${m[2] ?? ''}`);
    expect(assignments).toEqual([
      'openPrice = own',
      'endPrice = end',
      'outcome = s.outcome',
      'factProfits = toLedger(s.factProfit, d)',
    ]);
    // `end` and the settlement come from an index record and the engine, or are void.
    const settles = [...handler.matchAll(/this\.settle\(([^)]*(?:\([^)]*\))?[^)]*)\)/g)].map((m) =>
      (m[1] ?? '').replace(/\s+/g, ' ').trim(),
    );
    expect(settles).toEqual([
      'r, null, null, at, { open: rec, end: null }',
      'r, s, end, at, open ? { open, end: rec } : null, false',
    ]);
    // An order's own index: the record's window less its owner's trades, with its own minimums.
    expect([...handler.matchAll(/const own = (indexFor[^;]+);/g)].map((m) => m[1])).toEqual([
      'indexFor(rec, r.userId, r).value',
      'indexFor(rec, r.userId, r).value',
    ]);
    expect(handler).toContain('return { r, rec, end: own, s: this.result(r, own) };');
    // The index is made only by indexRecord, from the market record or the stored trades.
    expect([...handler.matchAll(/indexRecord\(/g)]).toHaveLength(1);
  });

  it('the index maths read no clock, randomness, setting or store', () => {
    const engine = path.join(root, 'packages/engine/src/micro');
    for (const name of readdirSync(engine).filter((n) => !n.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(engine, name), 'utf8');
      expect(/Date\.now|new Date|Math\.random|process\.env/.test(text), name).toBe(false);
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const i of imports)
        expect([
          '../lever/fixed.js',
          '../price/depth.js',
          './guard.js',
          './index-price.js',
          './settle.js',
        ]).toContain(i);
    }
    const record = readFileSync(path.join(src, 'domains/micro/market-record.ts'), 'utf8');
    const imports = [...record.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.sort()).toEqual(
      [
        '../../core/amounts.js',
        '../../db/client.js',
        '../../db/schema.js',
        '@exchange/engine',
        'drizzle-orm',
        './types.js',
      ].sort(),
    );
    expect(/settings|Math\.random/.test(record)).toBe(false);
    // From the schema it reads the trades table only.
    expect(
      [...record.matchAll(/import \{([^}]*)\} from '\.\.\/\.\.\/db\/schema\.js'/g)].map((m) =>
        m[1]?.trim(),
      ),
    ).toEqual(['trades']);
  });
});
