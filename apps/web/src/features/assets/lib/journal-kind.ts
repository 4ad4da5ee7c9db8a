import { isJournalKind } from '@exchange/contract';

/**
 * The translation key of a journal kind (`order.lock` → `assets.kind.order_lock`: a kind is both a
 * word and a prefix of others, so dots become underscores), or null for a kind the contract's
 * JOURNAL_KIND does not list (shown as it comes).
 */
export function kindKey(kind: string): string | null {
  return isJournalKind(kind) ? `assets.kind.${kind.replace(/\./g, '_')}` : null;
}
