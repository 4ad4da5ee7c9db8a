import type { KlinePeriod } from '@exchange/contract';
import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { sqlAmount, units } from '../../core/amounts.js';
import type { Db } from '../../db/client.js';
import { candles, systemState, trades } from '../../db/schema.js';
import type { Candle } from './candle.js';
import type { CandleBook, CandleEntry } from './candle-book.js';
import { isPeriod } from './periods.js';

/** Trades up to this id are in the stored candles; written in the same transaction as they are. */
const WATERMARK_KEY = 'market.candles_trade_id';
const CHUNK = 1_000;

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

export function toRow(marketId: number, period: KlinePeriod, c: Candle): CandleRow {
  return {
    marketId,
    period,
    openTime: c.openTime,
    open: sqlAmount(c.open),
    high: sqlAmount(c.high),
    low: sqlAmount(c.low),
    close: sqlAmount(c.close),
    volume: sqlAmount(c.volume),
    isDemo: c.isDemo,
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

/** Upserts changed bars and moves the watermark, in one transaction. */
export async function writeCandles(db: Db, entries: CandleEntry[], tradeId: number) {
  const rows = entries.map((e) => toRow(e.marketId, e.period, e.candle));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(candles)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [candles.marketId, candles.period, candles.openTime],
          set: {
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
            volume: sql`excluded.volume`,
            isDemo: sql`excluded.is_demo`,
          },
        });
    }
    if (tradeId > 0) {
      await tx
        .insert(systemState)
        .values({ key: WATERMARK_KEY, value: String(tradeId) })
        .onConflictDoUpdate({ target: systemState.key, set: { value: String(tradeId) } });
    }
  });
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
