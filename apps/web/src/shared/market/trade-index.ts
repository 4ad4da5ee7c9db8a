import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';

/*
 * The index rule of `/trade?id=<index>` (spec 1 §2, §3), kept in this one place: the pairs are
 * flattened in the server's order — quote groups as `market/currency_matches` lists them, then each
 * group's matches in order — keeping only pairs open to spot trading (`open_change === 1`). `id` is
 * the 0-based position in that list. Filtering, sorting or searching a table never changes it.
 */

/** Open pairs in trade-index order. */
export function tradablePairs(groups: readonly QuoteGroup[]): CurrencyMatch[] {
  return groups.flatMap((group) => group.matches.filter((match) => match.open_change === 1));
}

/** The `/trade?id=` index of a pair, or `undefined` when it is unknown or not open. */
export function tradeIndexOf(
  groups: readonly QuoteGroup[],
  currencyMatchId: number,
): number | undefined {
  const index = tradablePairs(groups).findIndex((match) => match.id === currencyMatchId);
  return index < 0 ? undefined : index;
}

/** The pair a `/trade?id=` index points at, or `undefined` when out of range. */
export function pairAtIndex(
  groups: readonly QuoteGroup[],
  index: number,
): CurrencyMatch | undefined {
  if (!Number.isInteger(index) || index < 0) return undefined;
  return tradablePairs(groups)[index];
}

/** The link to trade a pair (`/trade?id=<index>`), or `undefined` when it cannot be traded. */
export function tradeHref(
  groups: readonly QuoteGroup[],
  currencyMatchId: number,
): string | undefined {
  const index = tradeIndexOf(groups, currencyMatchId);
  return index === undefined ? undefined : `/trade?id=${String(index)}`;
}
