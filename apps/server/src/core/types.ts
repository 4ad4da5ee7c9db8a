/** A user's balance after a commit (trade accounts), for the balance pushes. */
export interface BalanceChange {
  userId: number;
  currencyId: number;
  available: bigint;
  locked: bigint;
}

/**
 * What one committed batch changed, published to the read model after the commit: the balances
 * of trade accounts and, per handler that wrote to the batch, what that handler sealed into it
 * (a copy taken when the batch was sealed; each product reads its own part, see `BatchPart`).
 */
export interface Committed {
  balances: BalanceChange[];
  parts: ReadonlyMap<string, unknown>;
}
