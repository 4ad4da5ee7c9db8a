import type { KlinePeriod } from '@exchange/contract';
import { and, asc, desc, eq, gt, gte, lte } from 'drizzle-orm';
import { units } from '../../core/amounts.js';
import { amount, flag, insert, plain, type Spec, Statement, text } from '../../db/array-rows.js';
import type { Db } from '../../db/client.js';
import { candles, systemState, trades } from '../../db/schema.js';
import type { Candle } from './candle.js';
import type { CandleBook, CandleEntry } from './candle-book.js';
import { isPeriod } from './periods.js';

/** Trades up to this id are in the stored candles; written in the same statement as they are. */
const WATERMARK_KEY = 'market.candles_trade_id';

type CandleRow = typeof candles.$inferSelect;

function fromRow(row: CandleRow): Candle {
  return {
    openTime: row.openTime,
    open: units(row.open),
    high: units(row.high),
    low: units(row.low),
    close: units(row.close),
    volume: units(row.volume),
    isDemo: row.isDemo,
  };
}

/**
 * Rebuilds the current bars: the newest stored bar of every market and period, then the trades
 * committed after the last candle write (a crash between the two loses nothing).
 */
export async function loadCandles(db: Db, book: CandleBook) {
  const latest = await db
    .selectDistinctOn([candles.marketId, candles.period])
    .from(candles)
    .orderBy(candles.marketId, candles.period, desc(candles.openTime));
  for (const row of latest) {
    if (isPeriod(row.period))
      book.restore({ marketId: row.marketId, period: row.period, candle: fromRow(row) });
  }
  const [mark] = await db.select().from(systemState).where(eq(systemState.key, WATERMARK_KEY));
  let after = mark ? Number(mark.value) : 0;
  for (;;) {
    const rows = await db
      .select({
        id: trades.id,
        marketId: trades.marketId,
        price: trades.price,
        qty: trades.qty,
        createdAt: trades.createdAt,
      })
      .from(trades)
      .where(gt(trades.id, after))
      .orderBy(asc(trades.id))
      .limit(10_000);
    for (const t of rows) {
      book.apply(t.marketId, t.id, t.createdAt.getTime(), units(t.price), units(t.qty));
      after = t.id;
    }
    if (rows.length < 10_000) break;
  }
}

/** A bar's columns, written as arrays (see `array-rows.ts`). */
const CANDLES = {
  market_id: plain('int', (e) => e.marketId),
  period: text((e) => e.period),
  open_time: plain('bigint', (e) => e.candle.openTime),
  open: amount((e) => e.candle.open),
  high: amount((e) => e.candle.high),
  low: amount((e) => e.candle.low),
  close: amount((e) => e.candle.close),
  volume: amount((e) => e.candle.volume),
  is_demo: flag((e) => e.candle.isDemo),
} satisfies Spec<CandleEntry>;
const UPSERT = ` on conflict (market_id, period, open_time) do update set ${(
  ['open', 'high', 'low', 'close', 'volume', 'is_demo'] as const
)
  .map((c) => `${c} = excluded.${c}`)
  .join(', ')}`;

/**
 * Upserts changed bars and moves the watermark, in one statement (atomic on its own, so no
 * BEGIN and COMMIT). The bars travel with a parameter per column, whatever their number: as a
 * multi-row VALUES list, with a parameter per value, in a transaction with the watermark's own
 * statement, the event loop spent about five times as much per bar.
 */
export async function writeCandles(db: Db, entries: CandleEntry[], tradeId: number) {
  if (!entries.length && tradeId <= 0) return;
  const s = new Statement();
  // Filled now: the bars go on changing while the write is in flight.
  const bars = insert('candles', CANDLES, entries, new Date());
  if (tradeId <= 0) {
    bars(s).raw(UPSERT);
  } else {
    if (entries.length) bars(s.raw('with bars as (')).raw(`${UPSERT}) `);
    s.raw(`insert into system_state (key, value) values ('${WATERMARK_KEY}', `)
      .param(String(tradeId))
      .raw(') on conflict (key) do update set value = excluded.value');
  }
  await db.execute(s.sql());
}

/** Inserts bars that are not stored yet (the demo backfill), in one statement. */
export async function insertNewCandles(db: Db, entries: readonly CandleEntry[]) {
  if (!entries.length) return;
  const s = insert('candles', CANDLES, entries, new Date())(new Statement());
  await db.execute(s.raw(' on conflict do nothing').sql());
}

/** Stored bars with `from ≤ time ≤ to`, newest first. */
export async function readCandles(
  db: Db,
  marketId: number,
  period: KlinePeriod,
  from: number,
  to: number,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.marketId, marketId),
        eq(candles.period, period),
        gte(candles.openTime, from),
        lte(candles.openTime, to),
      ),
    )
    .orderBy(desc(candles.openTime))
    .limit(limit);
  return rows.map(fromRow);
}
