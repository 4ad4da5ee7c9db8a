/** Journal kinds of the ledger that the deal records translate; others are shown as they come. */
const KNOWN_KINDS = [
  'trade',
  'order.lock',
  'order.unlock',
  'deposit',
  'withdraw.lock',
  'withdraw.unlock',
  'withdraw',
  'transfer',
  'convert',
  'adjust',
] as const;

/**
 * The translation key of a journal kind (`order.lock` → `assets.kind.order_lock`: a kind is both a
 * word and a prefix of others, so dots become underscores), or null for a kind we do not know.
 */
export function kindKey(kind: string): string | null {
  return (KNOWN_KINDS as readonly string[]).includes(kind)
    ? `assets.kind.${kind.replace(/\./g, '_')}`
    : null;
}
