/**
 * Micro trade's core handler: its memory (memory.ts, read from the store by load.ts), the reads
 * the calls and admin desk use, and the commands, delegated to their parts: orders (commands.ts),
 * operator terms (settings.ts), the settlement pass (settle.ts). Time and timers come from the
 * core's clock only.
 */
import { ACCOUNT_TYPE } from '@exchange/contract';
import { micro, price } from '@exchange/engine';
import { pow10, SCALE, toScale } from '../../core/amounts.js';
import type { Handler, Lock } from '../../core/handler.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Committed } from '../../core/types.js';
import type { Db } from '../../db/client.js';
import type { SpotHandler } from '../spot/index.js';
import { type MicroLimits, MicroOrders, type MicroSubmitInput } from './commands.js';
import { capKey } from './exposure.js';
import { loadMemory } from './load.js';
import { HOUSE, MicroMemory } from './memory.js';
import { indexKey } from './rows.js';
import { MicroSettlement } from './settle.js';
import { DEFAULT_GUARD, OperatorTerms } from './settings.js';
import type {
  IndexRecord,
  MicroCurrencyTerms,
  MicroGuard,
  MicroOptionTerms,
  MicroPair,
  MicroRow,
} from './types.js';

export { type MicroLimits, type MicroSubmitInput, openMoment } from './commands.js';
export { microRowOf } from './load.js';
export {
  DEFAULT_GUARD,
  DEFAULT_OPTIONS,
  DEFAULT_OPTIONS_KEY,
  GUARD_KEY,
  guardJson,
  readGuard,
} from './settings.js';

/** Book levels per side read to price a push. */
const COST_LEVELS = 200;

/**
 * Micro trade (seconds options, ARCHITECTURE §1): a user stakes on a pair's index being up or down
 * after some seconds. Stake and fee are held in the user's micro account; the `micro-house` account
 * of the stake currency pays a win's gain and receives a loss's stake. The open and end prices are
 * the engine's price index (`micro.priceIndex`: volume-weighted, with the pair's minimum trades and
 * volume, the bettor's own trades left out) of the pair's committed trades, evaluated at whole
 * seconds by the settlement pass (settle.ts); the result is `micro.settleMicro` of the two. No
 * input of any call, setting or table decides a price or an outcome. An order is accepted only
 * while the house's exposure on the pair, over every open expiry, stays within the operator's cap,
 * within what deciding the pair's index would cost on its book ÷ the operator's multiple
 * (`manipulation`), and within the house's balance.
 */
export class MicroHandler implements Handler {
  readonly name = 'micro';
  private readonly memory = new MicroMemory();
  private readonly settlement: MicroSettlement;
  private readonly orders: MicroOrders;
  private readonly operator: OperatorTerms;
  /** Called after each settlement pass with its lag (ms after the moment) and its size. */
  onPass: ((moment: number, settled: number, lagMs: number) => void) | null = null;

  constructor(
    private readonly seq: Sequencer,
    private readonly spot: SpotHandler,
    limits: () => MicroLimits = () => ({
      ordersPerSecond: 50,
      openOrders: 200,
    }),
    onError: (err: unknown) => void = () => undefined,
  ) {
    const guardOf = (marketId: number) => this.guardOf(marketId);
    this.settlement = new MicroSettlement(
      seq,
      this.memory,
      guardOf,
      (moment, settled, lagMs) => this.onPass?.(moment, settled, lagMs),
      onError,
    );
    this.orders = new MicroOrders(seq, this.memory, this, this.settlement, limits);
    this.operator = new OperatorTerms(seq, this.memory, guardOf);
    // The house keeps what its open orders could win: a draw stops there.
    seq.keepFloor('micro-house', (currencyId) => this.exposure(currencyId));
  }

  async load(db: Db) {
    await loadMemory(db, this.memory, () => this.seq.clock.now());
    this.settlement.resume(db);
  }

  /** Memory as plain data (see `Handler.snapshot` and `MicroMemory.snapshot`). */
  snapshot(): unknown {
    return this.memory.snapshot();
  }

  /** What open orders hold in micro accounts: their stake and fee. */
  *locks(): Iterable<Lock> {
    for (const r of this.memory.open.values())
      yield {
        userId: r.userId,
        currencyId: r.currencyId,
        type: ACCOUNT_TYPE.micro,
        amount: r.number + r.fee,
      };
  }

  // ---- Reads ----

  pair(marketId: number): MicroPair | undefined {
    return this.memory.pairs.get(marketId);
  }

  allPairs(): MicroPair[] {
    return [...this.memory.pairs.values()];
  }

  optionsOf(marketId?: number): MicroOptionTerms[] {
    const own = marketId === undefined ? null : this.memory.pairs.get(marketId)?.options;
    return own ?? this.memory.defaults;
  }

  defaultOptions(): MicroOptionTerms[] {
    return this.memory.defaults;
  }

  currency(currencyId: number): MicroCurrencyTerms | undefined {
    return this.memory.terms.get(currencyId);
  }

  allCurrencies(): MicroCurrencyTerms[] {
    return [...this.memory.terms.values()];
  }

  /**
   * A pair's cap in a currency (currency decimals): its own, else the default. It bounds the
   * house's exposure on the pair over every open expiry together, since one push of the pair's
   * price decides every index whose window it reaches.
   */
  capOf(marketId: number, currencyId: number): bigint {
    const own = this.memory.caps.get(capKey(marketId, currencyId));
    return own ?? this.memory.terms.get(currencyId)?.defaultCap ?? 0n;
  }

  ownCaps(marketId: number): { currencyId: number; cap: bigint }[] {
    const out: { currencyId: number; cap: bigint }[] = [];
    for (const [key, cap] of this.memory.caps) {
      const [m, c] = key.split(':').map(Number);
      if (m === marketId && c !== undefined) out.push({ currencyId: c, cap });
    }
    return out;
  }

  /** The house's net exposure in a currency over open buckets, ledger units. */
  exposure(currencyId: number): bigint {
    const d = this.memory.decimalsOf(currencyId);
    return toScale(this.memory.exposure.total(currencyId), d);
  }

  /** The house's exposure on one pair in a currency over every open expiry, ledger units. */
  pairExposure(marketId: number, currencyId: number): bigint {
    const d = this.memory.decimalsOf(currencyId);
    return toScale(this.memory.exposure.onPair(marketId, currencyId), d);
  }

  /** A pair's index minimums and manipulation multiple (the operator's, else the default). */
  guardOf(marketId: number): MicroGuard {
    const own = this.memory.guards.get(marketId);
    if (own) return own;
    const minQty = this.spot.market(marketId)?.minQty ?? pow10(SCALE - 8);
    return {
      minTrades: DEFAULT_GUARD.minTrades,
      minVolume: minQty * DEFAULT_GUARD.minQtyTimes,
      multiplePpm: DEFAULT_GUARD.multiplePpm,
    };
  }

  /**
   * What deciding the pair's index would cost on its book now (engine `micro.decideCost`), and the
   * exposure the house accepts on it for that (÷ the multiple), in a stake currency (ledger units).
   * Only a stake in the pair's quote currency is priced; any other stake currency gets 0.
   */
  manipulation(marketId: number, currencyId: number): { cost: bigint; bound: bigint } {
    const market = this.spot.market(marketId);
    if (!market || market.quoteCurrencyId !== currencyId) return { cost: 0n, bound: 0n };
    const guard = this.guardOf(marketId);
    const lot = pow10(SCALE - market.qtyDecimals);
    const ticksLots = micro.decideCost(price.depthOf(market.book.depth(COST_LEVELS)), {
      minVolume: (guard.minVolume + lot - 1n) / lot,
      takerFeePpm: BigInt(market.takerFeeBps) * 100n,
      makerFeePpm: BigInt(market.makerFeeBps) * 100n,
    });
    // ticks × lots is a quote amount at (price + quantity) decimals.
    const cost = ticksLots * pow10(SCALE - market.priceDecimals - market.qtyDecimals);
    return { cost, bound: micro.exposureBound(cost, guard.multiplePpm) };
  }

  houseBalance(currencyId: number): bigint {
    return this.seq.ledger.system(HOUSE, currencyId).available;
  }

  /** Currencies the house holds or owes in. */
  houseCurrencies(): number[] {
    const ids = new Set<number>(this.memory.terms.keys());
    for (const id of this.memory.exposure.currencies()) ids.add(id);
    return [...ids].sort((a, b) => a - b);
  }

  openOrder(id: number): MicroRow | undefined {
    return this.memory.open.get(id);
  }

  openOrdersOf(marketId: number): number {
    let n = 0;
    for (const r of this.memory.open.values()) if (r.marketId === marketId) n += 1;
    return n;
  }

  /** The user's micro account in a currency (ledger units). */
  balanceOf(userId: number, currencyId: number): { available: bigint; locked: bigint } {
    const a = this.seq.ledger.find(userId, currencyId, ACCOUNT_TYPE.micro);
    return { available: a?.available ?? 0n, locked: a?.locked ?? 0n };
  }

  /** An open index kept in memory (the evidence of orders settling later). */
  indexAt(marketId: number, at: number): IndexRecord | undefined {
    return this.memory.indexes.get(indexKey(marketId, at));
  }

  // ---- Commands ----

  submit(input: MicroSubmitInput): Promise<MicroRow> {
    return this.orders.submit(input);
  }

  setCap(...args: Parameters<OperatorTerms['setCap']>) {
    return this.operator.setCap(...args);
  }

  setGuard(...args: Parameters<OperatorTerms['setGuard']>) {
    return this.operator.setGuard(...args);
  }

  setPair(...args: Parameters<OperatorTerms['setPair']>) {
    return this.operator.setPair(...args);
  }

  setDefaults(...args: Parameters<OperatorTerms['setDefaults']>) {
    return this.operator.setDefaults(...args);
  }

  setCurrency(...args: Parameters<OperatorTerms['setCurrency']>) {
    return this.operator.setCurrency(...args);
  }

  // ---- Settlement (settle.ts) ----

  afterCommit(committed: Committed): void {
    this.settlement.afterCommit(committed);
  }

  stop(): void {
    this.settlement.stop();
  }

  /** Settles everything due now; resolves when the pass is done (tests and the bench wait on it). */
  pass(): Promise<void> {
    return this.settlement.pass();
  }
}
