import type { QuoteGroup } from '@exchange/contract';

/** The groups with one pair's favourite flag set; everything else keeps its identity. */
export function withFavorite(
  groups: QuoteGroup[],
  currencyMatchId: number,
  added: boolean,
): QuoteGroup[] {
  return groups.map((group) =>
    group.matches.some((m) => m.id === currencyMatchId && m.added !== added)
      ? {
          ...group,
          matches: group.matches.map((m) => (m.id === currencyMatchId ? { ...m, added } : m)),
        }
      : group,
  );
}
