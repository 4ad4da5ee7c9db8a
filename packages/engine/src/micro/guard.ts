import { bookMid, PPM, type BookDepth, type DepthLevel } from '../price/depth.js';

/**
 * What it costs to decide a micro index, and so how much the house may owe on one pair (the maths
 * is in docs/architecture.md, "The house's bound"). Units: book prices in price units, quantities
 * in quantity units; a cost is price × quantity, a quote amount at (price + quantity) decimals.
 */
export interface PushTerms {
  /** The index's minimum volume (quantity units): a window below it is void. */
  minVolume: bigint;
  /** Spot fees of the pair, parts per million of the notional. */
  takerFeePpm: bigint;
  makerFeePpm: bigint;
}

/**
 * The cheapest push that decides an index on this book, in ppm of a quote unit (cost × 10^6). A
 * window counts only with at least `minVolume` of trades that are not the bettor's, so a push must
 * print that volume from other accounts, each unit a real trade of one of three kinds:
 * - taken from the asks at p: it pays p − mid over the mid, and the taker fee on p;
 * - sold into the bids at p: it gives up mid − p, and pays the taker fee on p;
 * - between two accounts of the pusher inside the spread (a wash): no premium, both fees, on a
 *   price at least the best bid.
 * Each kind's cost per unit only grows as it goes on (deeper levels), so the cheapest `minVolume`
 * units over the three, taken greedily, is the least any deciding push pays. A book without both
 * sides costs nothing to push: zero.
 */
export function decideCostPpm(book: BookDepth, terms: PushTerms): bigint {
  const mid = bookMid(book);
  const bid = book.bids[0];
  if (mid === null || bid === undefined || terms.minVolume <= 0n) return 0n;
  const wash = bid.price * (terms.takerFeePpm + terms.makerFeePpm);
  const unit = (l: DepthLevel) => {
    const d = l.price - mid;
    return (d < 0n ? -d : d) * PPM + l.price * terms.takerFeePpm;
  };
  const asks = book.asks.map((l) => ({ qty: l.qty, cost: unit(l) }));
  const bids = book.bids.map((l) => ({ qty: l.qty, cost: unit(l) }));
  let a = 0;
  let b = 0;
  let left = terms.minVolume;
  let total = 0n;
  while (left > 0n) {
    const ask = asks[a];
    const bidLevel = bids[b];
    let next: { qty: bigint; cost: bigint } | undefined = undefined;
    if (ask && (!bidLevel || ask.cost <= bidLevel.cost)) next = ask;
    else if (bidLevel) next = bidLevel;
    if (!next || next.cost >= wash) {
      total += left * wash;
      break;
    }
    const q = next.qty < left ? next.qty : left;
    total += q * next.cost;
    left -= q;
    if (next === ask) a += 1;
    else b += 1;
  }
  return total;
}

/** decideCostPpm in quote units, rounded down. */
export function decideCost(book: BookDepth, terms: PushTerms): bigint {
  return decideCostPpm(book, terms) / PPM;
}

/** What the house may owe on a pair across every open expiry: cost ÷ the operator's multiple. */
export function exposureBound(cost: bigint, multiplePpm: bigint): bigint {
  return multiplePpm <= 0n ? 0n : (cost * PPM) / multiplePpm;
}
