import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import type { KeyValueStorage } from '../../../shared/store/storage';

/** The local-storage key of the last micro-trade pair, holding its market id. */
export const MICRO_PAIR_KEY = 'micro_pair';
/** The quote the pair tabs start on. */
export const DEFAULT_MICRO_QUOTE = 'USDT';

/** The pairs open for micro trade (`open_microtrade` 1), in the markets' order. */
export function microPairs(groups: readonly QuoteGroup[]): CurrencyMatch[] {
  return groups.flatMap((group) => group.matches.filter((match) => match.open_microtrade === 1));
}

/** The quotes of those pairs, USDT first when it has any, then in the markets' order. */
export function microQuotes(pairs: readonly CurrencyMatch[]): string[] {
  const quotes = [...new Set(pairs.map((p) => p.quote_currency_code))];
  return quotes.sort(
    (a, b) => Number(b === DEFAULT_MICRO_QUOTE) - Number(a === DEFAULT_MICRO_QUOTE),
  );
}

export function readMicroPair(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(MICRO_PAIR_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function writeMicroPair(storage: KeyValueStorage, pairId: number): void {
  storage.setItem(MICRO_PAIR_KEY, String(pairId));
}

/**
 * The chosen pair when it is open for micro trade, else the remembered one, else the first with
 * the USDT quote, else the first.
 */
export function resolveMicroPair(
  pairs: readonly CurrencyMatch[],
  chosen: number | null,
  remembered: number | null,
): CurrencyMatch | null {
  return (
    pairs.find((p) => p.id === chosen) ??
    pairs.find((p) => p.id === remembered) ??
    pairs.find((p) => p.quote_currency_code === DEFAULT_MICRO_QUOTE) ??
    pairs[0] ??
    null
  );
}
