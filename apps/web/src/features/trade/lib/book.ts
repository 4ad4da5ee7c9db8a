import type { DepthSnapshot } from '@exchange/contract';

export interface BookRow {
  /** Stable React key: the rank, so rows keep their place when prices move. */
  key: string;
  side: 'ask' | 'bid';
  /** 1 = best price (sell1, buy1, spec 1 §2). */
  rank: number;
  price: string | null;
  amount: string | null;
  /** Amount relative to the largest shown on either side, 0–1, for the depth bar (display only). */
  share: number;
}

type Levels = DepthSnapshot['in'];

function rows(levels: Levels, side: BookRow['side'], count: number, max: number): BookRow[] {
  return Array.from({ length: count }, (_, i) => {
    const level = levels[i];
    const amount = level ? Number(level.amount) : 0;
    return {
      key: `${side}${String(i + 1)}`,
      side,
      rank: i + 1,
      price: level?.price ?? null,
      amount: level?.amount ?? null,
      share: max > 0 && Number.isFinite(amount) ? Math.min(1, amount / max) : 0,
    };
  });
}

/**
 * The book as displayed: exactly `count` rows per side, so pushes never change its height. Asks
 * arrive best first and are shown reversed (sellN at the top … sell1 next to the spread), bids
 * best first (buy1 at the top), spec 1 §3.
 */
export function bookRows(
  depth: DepthSnapshot | undefined,
  count: number,
): { asks: BookRow[]; bids: BookRow[] } {
  const asks = depth?.out.slice(0, count) ?? [];
  const bids = depth?.in.slice(0, count) ?? [];
  const max = Math.max(
    0,
    ...[...asks, ...bids].map((l) => Number(l.amount)).filter(Number.isFinite),
  );
  return { asks: rows(asks, 'ask', count, max).reverse(), bids: rows(bids, 'bid', count, max) };
}
