import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import type { KeyValueStorage } from '../../../shared/store/storage';
import { tradablePairs } from '../../../shared/market/trade-index';

/** The local-storage key of the last spot pair (spec 1 §3, spec 2 §2), holding its market id. */
export const LAST_PAIR_KEY = 'trade_pair';

export function readLastPair(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(LAST_PAIR_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function writeLastPair(storage: KeyValueStorage, pairId: number): void {
  storage.setItem(LAST_PAIR_KEY, String(pairId));
}

/**
 * The pair on screen: `?id=<row index>` of the open pairs when it points at one, else the last pair
 * remembered, else the first open pair. Null while there is no open pair at all.
 */
export function resolvePair(
  groups: readonly QuoteGroup[],
  urlIndex: string | null,
  lastPairId: number | null,
): { pair: CurrencyMatch; index: number } | null {
  const pairs = tradablePairs(groups);
  const fromUrl = urlIndex !== null && /^\d+$/.test(urlIndex) ? Number(urlIndex) : -1;
  const remembered = pairs.findIndex((p) => p.id === lastPairId);
  const index = fromUrl >= 0 && fromUrl < pairs.length ? fromUrl : Math.max(0, remembered);
  const pair = pairs[index];
  return pair ? { pair, index } : null;
}
