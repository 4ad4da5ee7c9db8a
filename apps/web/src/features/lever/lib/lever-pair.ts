import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import type { KeyValueStorage } from '../../../shared/store/storage';
import { LEVER_PAIR_KEY } from './lever-form';

/** The pairs open for leveraged trading (`open_lever` 1), in the markets' order. */
export function leverPairs(groups: readonly QuoteGroup[]): CurrencyMatch[] {
  return groups.flatMap((group) => group.matches.filter((match) => match.open_lever === 1));
}

export function readLeverPair(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(LEVER_PAIR_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function writeLeverPair(storage: KeyValueStorage, pairId: number): void {
  storage.setItem(LEVER_PAIR_KEY, String(pairId));
}

/** The chosen pair when it is open for leverage, else the remembered one, else the first. */
export function resolveLeverPair(
  pairs: readonly CurrencyMatch[],
  chosen: number | null,
  remembered: number | null,
): CurrencyMatch | null {
  return (
    pairs.find((p) => p.id === chosen) ?? pairs.find((p) => p.id === remembered) ?? pairs[0] ?? null
  );
}
