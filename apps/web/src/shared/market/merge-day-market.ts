import type { DayMarketPush, QuoteGroup } from '@exchange/contract';

/**
 * Returns the groups with each pushed quotation applied to its pair (matched by
 * `currency_match_id`). Untouched groups and pairs keep their identity, so rows that did not change
 * do not re-render; when nothing matched, the same array is returned.
 */
export function mergeDayMarket(groups: QuoteGroup[], push: DayMarketPush): QuoteGroup[] {
  if (push.length === 0) return groups;
  const byId = new Map(push.map((item) => [item.currency_match_id, item.quotation]));
  let changed = false;
  const next = groups.map((group) => {
    let groupChanged = false;
    const matches = group.matches.map((match) => {
      const quotation = byId.get(match.id);
      if (quotation === undefined) return match;
      groupChanged = true;
      return { ...match, currency_quotation: { ...quotation, currency_match_id: match.id } };
    });
    if (!groupChanged) return group;
    changed = true;
    return { ...group, matches };
  });
  return changed ? next : groups;
}
