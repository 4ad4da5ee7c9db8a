/**
 * Micro trade's memory, shared by the handler's parts: the terms `load` reads from the store
 * (load.ts), the open orders with the moments they wait for and the exposure they make, and the
 * market record the index is computed from. `snapshot` gives what a load rebuilds, as plain data.
 */
import { SCALE } from '../../core/amounts.js';
import { plainData } from '../../core/snapshot.js';
import { Exposure } from './exposure.js';
import { MarketRecord } from './market-record.js';
import { DEFAULT_OPTIONS } from './settings.js';
import type {
  IndexRecord,
  MicroCurrencyTerms,
  MicroGuard,
  MicroOptionTerms,
  MicroPair,
  MicroRow,
} from './types.js';

/** The system account that takes the other side of every micro order. */
export const HOUSE = 'micro-house';

export class MicroMemory {
  pairs = new Map<number, MicroPair>();
  /** Stake currencies' terms. */
  terms = new Map<number, MicroCurrencyTerms>();
  defaults: MicroOptionTerms[] = DEFAULT_OPTIONS;
  /** Caps per pair and currency, at the currency's decimals. */
  caps = new Map<string, bigint>();
  /** Each pair's index minimums and manipulation multiple as the operator set them. */
  guards = new Map<number, MicroGuard>();
  open = new Map<number, MicroRow>();
  /** Open orders per user. */
  userOpen = new Map<number, number>();
  /** Whole seconds an index is due at, with the orders waiting for it. */
  moments = new Map<number, Set<number>>();
  /** Open indexes evaluated lately (for the evidence of the closing push). */
  indexes = new Map<string, IndexRecord>();
  /** Stakes, gains and exposure of open orders (currency decimals). */
  readonly exposure = new Exposure();
  nextId = 1;
  readonly record = new MarketRecord();

  decimalsOf(currencyId: number): number {
    return this.terms.get(currencyId)?.decimals ?? SCALE;
  }

  /** Forgets every open order (before a load). */
  clearOpen() {
    this.open = new Map();
    this.exposure.clear();
    this.userOpen = new Map();
    this.moments = new Map();
    this.indexes = new Map();
  }

  addOpen(r: MicroRow) {
    this.open.set(r.id, r);
    this.userOpen.set(r.userId, (this.userOpen.get(r.userId) ?? 0) + 1);
    this.exposure.change(r, this.decimalsOf(r.currencyId), 1n);
    if (r.openPrice === null) this.due(r.openAt, r.id);
    this.due(r.endAt, r.id);
  }

  /** Forgets a settled order; `bucket` false when its whole bucket is dropped after (drop). */
  removeOpen(r: MicroRow, bucket: boolean) {
    this.open.delete(r.id);
    const n = (this.userOpen.get(r.userId) ?? 1) - 1;
    if (n > 0) this.userOpen.set(r.userId, n);
    else this.userOpen.delete(r.userId);
    if (bucket) this.exposure.change(r, this.decimalsOf(r.currencyId), -1n);
    this.moments.get(r.endAt)?.delete(r.id);
    if (this.moments.get(r.endAt)?.size === 0) this.moments.delete(r.endAt);
  }

  private due(moment: number, id: number) {
    let ids = this.moments.get(moment);
    if (!ids) {
      ids = new Set();
      this.moments.set(moment, ids);
    }
    ids.add(id);
  }

  /**
   * What `load` rebuilds from the store, as plain data in a stable order (`Handler.snapshot`).
   * Left out as memory-only: the market record, the evaluated indexes (evidence kept for an hour).
   */
  snapshot(): unknown {
    return plainData({
      pairs: this.pairs,
      currencies: this.terms,
      defaults: this.defaults,
      caps: this.caps,
      guards: this.guards,
      open: this.open,
      userOpen: this.userOpen,
      moments: this.moments,
      exposure: this.exposure.snapshot(),
      nextId: this.nextId,
    });
  }
}
