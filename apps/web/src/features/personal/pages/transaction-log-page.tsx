/** Being built. */
export function TransactionLogPage() {
  return null;
}
