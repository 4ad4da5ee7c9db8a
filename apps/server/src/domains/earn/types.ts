/**
 * Earning products in the core's memory. Amounts are ledger units (18 decimals, core/amounts.ts),
 * each a multiple of the product's currency `decimals`.
 */

/** The system account holding every product's interest: reserve (available) and owed (locked). */
export const EARN_INTEREST = 'earn-interest';

/** The terms an operator sets (validated by the call first, checked again by the handler). */
export interface EarnTerms {
  currencyId: number;
  currencyCode: string;
  decimals: number;
  names: Record<string, string>;
  yieldSources: Record<string, string>;
  days: number;
  rate: string;
  min: bigint;
  max: bigint;
  maxPerUser: bigint;
  quota: bigint;
  saleStart: number | null;
  saleEnd: number | null;
}

/** A product and what it holds: its terms, its texts and its interest money. */
export interface EarnProductState extends EarnTerms {
  id: number;
  /** 1 on sale, 2 paused, 3 closed. */
  status: 1 | 2 | 3;
  /** Funded interest promised to nobody. */
  reserve: bigint;
  /** Interest promised to subscriptions in effect, not paid yet. */
  owed: bigint;
  paid: bigint;
  /** Principal ever subscribed. */
  sold: bigint;
  subscriptions: number;
  createdAt: number;
  updatedAt: number;
}

/** A subscription in effect (expired ones leave memory). */
export interface EarnSubscriptionState {
  id: number;
  productId: number;
  userId: number;
  currencyId: number;
  number: bigint;
  daily: bigint;
  days: number;
  rate: string;
  startDay: number;
  paidDays: number;
  income: bigint;
  status: 1 | 2;
  createdAt: number;
  maturedAt: number | null;
}
