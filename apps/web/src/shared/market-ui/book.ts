import type { DepthSnapshot } from '@exchange/contract';
import { compareDecimals, subtractDecimals } from '../format/number';

export interface BookRow {
  /** Stable React key: the rank, so rows keep their place when prices move. */
  key: string;
  side: 'ask' | 'bid';
  /** 1 = best price (sell1, buy1, spec 1 §2). */
  rank: number;
  price: string;
  amount: string;
  /** Amount relative to the largest shown on either side, 0–1, for the depth bar (display only). */
  share: number;
}

type Levels = DepthSnapshot['in'];

function rows(levels: Levels, side: BookRow['side'], max: number): BookRow[] {
  return levels.map((level, i) => {
    const amount = Number(level.amount);
    return {
      key: `${side}${String(i + 1)}`,
      side,
      rank: i + 1,
      price: level.price,
      amount: level.amount,
      share: max > 0 && Number.isFinite(amount) ? Math.min(1, amount / max) : 0,
    };
  });
}

/**
 * The book as displayed: the best `count` levels of each side, one row per level (never an empty
 * row while the book has levels to show). Asks arrive best first and are shown reversed: the
 * highest at the top, sell1 (the lowest) next to the spread; bids best first (buy1, the highest,
 * at the top), spec 1 §3.
 */
export function bookRows(
  depth: DepthSnapshot | undefined,
  count: number,
): { asks: BookRow[]; bids: BookRow[] } {
  const take = Math.max(0, Math.floor(count));
  const asks = depth?.out.slice(0, take) ?? [];
  const bids = depth?.in.slice(0, take) ?? [];
  const max = Math.max(
    0,
    ...[...asks, ...bids].map((l) => Number(l.amount)).filter(Number.isFinite),
  );
  return { asks: rows(asks, 'ask', max).reverse(), bids: rows(bids, 'bid', max) };
}

/** Best ask − best bid, exact; null while either side is empty or the book is crossed. */
export function bookSpread(depth: DepthSnapshot | undefined): string | null {
  const ask = depth?.out[0]?.price;
  const bid = depth?.in[0]?.price;
  if (ask === undefined || bid === undefined) return null;
  const order = compareDecimals(ask, bid);
  if (order === null || order < 0) return null;
  return subtractDecimals(ask, bid);
}
