import type { BatchPart, PartKind } from './batch.js';

/** An account's balance after a commit, for pushes and followers of the core. */
export interface BalanceChange {
  /** The owner; null for a system account (then `systemCode` names it). */
  userId: number | null;
  systemCode: string | null;
  currencyId: number;
  /** The account type (ACCOUNT_TYPE: trade, legal, lever, micro, financial; 0 system). */
  type: number;
  available: bigint;
  locked: bigint;
}

/** What a part seals into a commit (see `BatchPart.seal`). */
export type Sealed<P> = P extends BatchPart<infer S> ? S : never;

/**
 * What one committed batch changed, published to the read model after the commit: the balance of
 * every account it changed, of every type, and, per product that wrote rows to the batch, what
 * that product's part sealed into it (a copy taken when the batch was sealed).
 */
export class Committed {
  constructor(
    readonly balances: readonly BalanceChange[],
    private readonly parts: ReadonlyMap<PartKind<BatchPart>, unknown>,
  ) {}

  /** What the part of `kind` sealed into this batch; undefined when the batch has none. */
  part<P extends BatchPart>(kind: PartKind<P>): Sealed<P> | undefined {
    // The map is keyed by kind, and the value under a kind is what that kind's part sealed.
    return this.parts.get(kind) as Sealed<P> | undefined;
  }

  /** The balances of user accounts of one type (trade accounts for the spot pushes, say). */
  userBalances(type: number): BalanceChange[] {
    return this.balances.filter((b) => b.userId !== null && b.type === type);
  }
}
