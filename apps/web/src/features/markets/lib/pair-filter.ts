import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';

/** The tab that lists the signed-in user's favourites across every quote group. */
export const FAVORITES_TAB = 'favorites';

/** A row of a market table: the pair and its quote group (for the group's CNY rate). */
export interface PairRow {
  match: CurrencyMatch;
  group: QuoteGroup;
}

/** Rows of one quote group (by code), or of every favourite pair for `FAVORITES_TAB`. */
export function rowsOfTab(groups: readonly QuoteGroup[], tab: string): PairRow[] {
  return groups.flatMap((group) =>
    group.matches
      .filter((match) => (tab === FAVORITES_TAB ? match.added : group.code === tab))
      .map((match) => ({ match, group })),
  );
}

/** Rows whose symbol contains the query, ignoring case, spaces and the slash (`btcusdt`, `BTC/`). */
export function filterBySymbol(rows: PairRow[], query: string): PairRow[] {
  const wanted = normalise(query);
  if (wanted === '') return rows;
  return rows.filter(({ match }) => normalise(match.symbol).includes(wanted));
}

function normalise(text: string): string {
  return text.toUpperCase().replace(/[\s/]+/g, '');
}
