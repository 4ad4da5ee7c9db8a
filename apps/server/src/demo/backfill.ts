import { eq } from 'drizzle-orm';
import { scaled, units } from '../core/amounts.js';
import type { Db } from '../db/client.js';
import { candles, currencies, markets, trades } from '../db/schema.js';
import { bucketStart, type Candle, insertNewCandles, PERIODS } from '../domains/market/index.js';
import { MARKETS } from '../seed/markets.js';
import { DEMO_SEED, Rng } from './random.js';
import { lotsWorth } from './sizing.js';

const BPS = 10_000n;
/** The walk runs in millionths of a tick so that small steps on cheap coins are not lost. */
const SUB = 1_000_000n;
/** Largest move of one minute, and of a wick beyond the body, in basis points. */
const STEP_BPS = 8;
const WICK_BPS = 6;
/** The walk stays within ±20 % of the market's reference price. */
export const BAND_BPS = 2_000n;
const MINUTE = 60_000;

export interface BackfillOptions {
  now?: number;
  days?: number;
  seed?: number;
}

function clamp(v: bigint, low: bigint, high: bigint) {
  return v < low ? low : v > high ? high : v;
}

/** Millionths of a tick back to whole ticks (half up), never below one tick. */
function ticks(sub: bigint): bigint {
  const t = (sub + SUB / 2n) / SUB;
  return t < 1n ? 1n : t;
}

/**
 * `count` one-minute bars ending just before `endMs`, by a seeded random walk run backwards from
 * `reference` (ticks) so that the last close is the reference price the market maker starts at.
 */
export function demoMinutes(args: {
  reference: bigint;
  count: number;
  endMs: number;
  rng: Rng;
  priceDecimals: number;
  qtyDecimals: number;
  lots: readonly [bigint, bigint];
}): Candle[] {
  const { rng, priceDecimals: pd } = args;
  const ref = args.reference * SUB;
  const low = (ref * (BPS - BAND_BPS)) / BPS;
  const high = (ref * (BPS + BAND_BPS)) / BPS;
  const closes: bigint[] = [];
  let price = ref;
  for (let i = 0; i < args.count; i++) {
    closes.push(price);
    price = clamp((price * (BPS + BigInt(rng.int(-STEP_BPS, STEP_BPS)))) / BPS, low, high);
  }
  closes.reverse();
  const out: Candle[] = [];
  let open = price;
  for (let i = 0; i < closes.length; i++) {
    const close = closes[i] ?? ref;
    const top = ((open > close ? open : close) * (BPS + BigInt(rng.int(0, WICK_BPS)))) / BPS;
    const bottom = ((open < close ? open : close) * (BPS - BigInt(rng.int(0, WICK_BPS)))) / BPS;
    out.push({
      openTime: args.endMs - (closes.length - i) * MINUTE,
      open: scaled(ticks(open), pd),
      high: scaled(ticks(top), pd),
      low: scaled(ticks(bottom), pd),
      close: scaled(ticks(close), pd),
      volume: scaled(rng.big(args.lots[0], args.lots[1]), args.qtyDecimals),
      isDemo: true,
    });
    open = close;
  }
  return out;
}

/** Every period's bars from one-minute bars (oldest first). */
export function aggregate(minutes: Candle[]): Map<(typeof PERIODS)[number], Candle[]> {
  const out = new Map<(typeof PERIODS)[number], Candle[]>();
  for (const period of PERIODS) {
    const bars: Candle[] = [];
    let bar: Candle | undefined;
    for (const m of minutes) {
      const start = bucketStart(period, m.openTime);
      if (bar && bar.openTime === start) {
        if (m.high > bar.high) bar.high = m.high;
        if (m.low < bar.low) bar.low = m.low;
        bar.close = m.close;
        bar.volume += m.volume;
      } else {
        bar = { ...m, openTime: start };
        bars.push(bar);
      }
    }
    out.set(period, bars);
  }
  return out;
}

/**
 * Demo past (DEMO=1): `days` of one-minute candles per seeded market, aggregated into every
 * period and stored with `is_demo = true`, so charts are not empty on a fresh install. Markets
 * that already have candles or trades are left alone. Returns the number of markets filled.
 */
export async function backfillDemoCandles(db: Db, options: BackfillOptions = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const count = (options.days ?? 7) * 1_440;
  const rows = await db
    .select({ m: markets, baseUsd: currencies.usdPrice })
    .from(markets)
    .innerJoin(currencies, eq(currencies.id, markets.baseCurrencyId));
  let filled = 0;
  for (const { m, baseUsd } of rows) {
    const seeded = MARKETS.find((s) => `${s.base}/${s.quote}` === m.symbol);
    if (!seeded) continue;
    const [candle] = await db
      .select({ t: candles.openTime })
      .from(candles)
      .where(eq(candles.marketId, m.id))
      .limit(1);
    const [trade] = await db
      .select({ id: trades.id })
      .from(trades)
      .where(eq(trades.marketId, m.id))
      .limit(1);
    if (candle || trade) continue;
    const minLots = units(m.minQty) / scaled(1, m.qtyDecimals);
    const minutes = demoMinutes({
      reference: units(seeded.reference) / scaled(1, m.priceDecimals),
      count,
      endMs: bucketStart('1min', now),
      rng: new Rng((options.seed ?? DEMO_SEED) + m.id),
      priceDecimals: m.priceDecimals,
      qtyDecimals: m.qtyDecimals,
      // About $2,000 to $60,000 traded a minute.
      lots: [
        lotsWorth(2_000n, baseUsd, m.qtyDecimals, minLots),
        lotsWorth(60_000n, baseUsd, m.qtyDecimals, minLots),
      ],
    });
    const entries = [...aggregate(minutes)].flatMap(([period, bars]) =>
      bars.map((candle) => ({ marketId: m.id, period, candle })),
    );
    await insertNewCandles(db, entries);
    filled++;
  }
  return filled;
}
