import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../core/amounts.js';
import { openStore, type Store } from '../../db/client.js';
import { candles, systemState } from '../../db/schema.js';
import type { CandleEntry } from './candle-book.js';
import { writeCandles } from './candle-store.js';
import { PERIODS } from './periods.js';
import { pgliteTemplate } from '../../../test/pglite-template.js';

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const WATERMARK = 'market.candles_trade_id';
const OPEN_TIME = Date.UTC(2026, 10, 21, 10, 0);

/** Every period of `markets` markets, with amounts from one unit to 30 integer digits. */
function entries(markets: number, seed: number): CandleEntry[] {
  let s = seed;
  const next = () => (s = (s * 48271) % 2147483647);
  const amount = () => BigInt(next()) * 10n ** BigInt(next() % 30) + BigInt(next() % 1000) + 1n;
  const out: CandleEntry[] = [];
  for (let marketId = 1; marketId <= markets; marketId++) {
    for (const period of PERIODS) {
      out.push({
        marketId,
        period,
        candle: {
          openTime: OPEN_TIME,
          open: amount(),
          high: amount(),
          low: 1n,
          close: 10n ** 48n - 1n,
          volume: amount(),
          isDemo: next() % 2 === 0,
        },
      });
    }
  }
  return out;
}

describe('candle writes', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({
      databaseUrl: undefined,
      dataDir: 'memory://',
      migrationsDir: MIGRATIONS,
      initialData: await pgliteTemplate(MIGRATIONS),
    });
  });
  afterAll(() => store?.close());

  const stored = async () => {
    const rows = await store.db
      .select()
      .from(candles)
      .orderBy(asc(candles.marketId), asc(candles.period));
    return new Map(
      rows.map((r) => [
        `${r.marketId} ${r.period} ${r.openTime}`,
        {
          open: units(r.open),
          high: units(r.high),
          low: units(r.low),
          close: units(r.close),
          volume: units(r.volume),
          isDemo: r.isDemo,
        },
      ]),
    );
  };
  const watermark = async () => {
    const [row] = await store.db.select().from(systemState).where(eq(systemState.key, WATERMARK));
    return row?.value ?? null;
  };
  const expectStored = async (expected: CandleEntry[]) => {
    const rows = await stored();
    for (const e of expected) {
      expect(rows.get(`${e.marketId} ${e.period} ${e.candle.openTime}`), e.period).toEqual({
        open: e.candle.open,
        high: e.candle.high,
        low: e.candle.low,
        close: e.candle.close,
        volume: e.candle.volume,
        isDemo: e.candle.isDemo,
      });
    }
    return rows;
  };

  it('stores every bar of a flush exactly, with the watermark', async () => {
    const first = entries(20, 7);
    await writeCandles(store.db, first, 41);
    const rows = await expectStored(first);
    expect(rows.size).toBe(20 * PERIODS.length);
    expect(await watermark()).toBe('41');
  });

  it('updates the bars written before and leaves the others as they were', async () => {
    const first = entries(20, 7);
    const changed = entries(3, 99);
    await writeCandles(store.db, changed, 57);
    const rows = await expectStored([...changed, ...first.slice(3 * PERIODS.length)]);
    expect(rows.size).toBe(20 * PERIODS.length);
    expect(await watermark()).toBe('57');
  });

  it('moves the watermark alone when no bar changed', async () => {
    await writeCandles(store.db, [], 60);
    expect(await watermark()).toBe('60');
    // Without trades there is nothing to write: the watermark stays.
    await writeCandles(store.db, [], 0);
    expect(await watermark()).toBe('60');
  });

  it('writes neither the bars nor the watermark when the statement fails', async () => {
    const before = await stored();
    const [bar] = entries(1, 5);
    if (!bar) throw new Error('no bar');
    const other = { ...bar, candle: { ...bar.candle, volume: 1n } };
    // The same bar twice in one upsert is refused by the store: the whole write is undone.
    await expect(writeCandles(store.db, [bar, other], 99)).rejects.toThrow();
    expect(await stored()).toEqual(before);
    expect(await watermark()).toBe('60');
  });
});
