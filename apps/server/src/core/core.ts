import type { BookEvent, Side } from '@exchange/engine';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db, RunPrepared, Store } from '../db/client.js';
import { conversions, deposits, transfers, withdrawals } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { floorTo, pow10, SCALE, scaled, sqlAmount, wireAmount } from './amounts.js';
import { Batch } from './batch.js';
import {
  ACCOUNT_TYPE,
  Ledger,
  type Account,
  type JournalRow,
  type LedgerSink,
  type PostingRow,
} from './ledger.js';
import { parseTicks } from './parse.js';
import { clientKey, loadSnapshot, type Snapshot } from './rebuild.js';
import type { Committed, MarketState, OrderState, PendingWithdrawal } from './types.js';

export interface PlaceInput {
  userId: number;
  marketId: number;
  side: Side;
  /** 0 limit, 1 market. */
  type: 0 | 1;
  number: string;
  price?: string | undefined;
  clientOrderId?: string | undefined;
  /**
   * Whether the per-user limits apply (orders per second, open orders per market): true for
   * users' calls; the demo market maker places through the core directly and is not limited.
   */
  limited?: boolean;
}

/** A placement either creates an order or, for a known client_order_id, names the first one. */
export type PlaceResult = { order: OrderState } | { replayOf: number };

/** The per-user limits of order placement, read at each placement (operator settings). */
export interface CoreLimits {
  ordersPerSecond: number;
  openOrdersPerMarket: number;
}

const UNLIMITED: CoreLimits = {
  ordersPerSecond: Number.MAX_SAFE_INTEGER,
  openOrdersPerMarket: Number.MAX_SAFE_INTEGER,
};

const BPS = 10_000n;
/** Average prices and suggested minimums are shown at 8 decimals (the assets' amount scale). */
const QUOTE_DECIMALS = 8;
/** After a failed batch, the store is read again after this long while it keeps failing. */
const REBUILD_RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

/** An operator adjustment of a user's account, recorded against the outside world. */
export interface AdjustInput {
  actorId: number | null;
  userId: number;
  accountType: number;
  currencyId: number;
  amount: bigint;
  reason: string;
}

export interface WithdrawalInput {
  userId: number;
  currencyId: number;
  protocolId: number | null;
  chain: string;
  address: string;
  memo: string;
  number: bigint;
  fee: bigint;
}

/** What selling `qty` into a currency's USDT book would pay now (see `convertQuote`). */
export interface ConvertQuote {
  market: MarketState;
  qtyLots: number;
  qty: bigint;
  /** Best and worst bid of other users reached, in ledger units and ticks. */
  marketPrice: bigint;
  worstTicks: number;
  worstPrice: bigint;
  /** Depth-walked average, floored to 8 decimals. */
  price: bigint;
  gross: bigint;
  feeBps: number;
  fee: bigint;
  receive: bigint;
}

export interface ConversionResult {
  id: number;
  orderId: number;
  qty: bigint;
  marketPrice: bigint;
  price: bigint;
  fee: bigint;
  receive: bigint;
}

/**
 * How many batches may be on their way to the store at once: two, so that the store works on
 * one while the next is applied and sent (a third gained nothing in the API bench).
 */
const MAX_IN_FLIGHT = 2;

/**
 * The single writer (ARCHITECTURE §4): every balance-changing command is applied here, in order,
 * to books and balances in memory; the effects of each few milliseconds are committed together
 * and a command is acknowledged only after its batch has committed.
 */
export class Core implements LedgerSink {
  private batch = new Batch();
  private scheduled = false;
  /** Batches sent to the store and not yet answered, and the last of them. */
  private inFlight = 0;
  private tail: Promise<void> = Promise.resolve();
  /** A batch with other domains' rows is being written: it is written alone (see `flush`). */
  private alone = false;
  /** The sequence number of the last batch sent to the store. */
  private lastBatch = 0;
  /**
   * Set when a batch failed or a change threw: memory holds effects the store does not, so no
   * command is taken until `recover` has rebuilt memory from the store.
   */
  private failure: unknown = null;
  private recovering: Promise<void> | null = null;
  private readonly listeners: ((c: Committed) => void)[] = [];
  private ledger!: Ledger;
  private nextOrderId = 0;
  private nextTradeId = 0;
  private nextWithdrawalId = 0;
  private nextTransferId = 0;
  private nextConversionId = 0;
  private openOrders = new Map<number, OrderState>();
  private clientIds = new Map<string, number>();
  private transferClientIds = new Map<string, number>();
  private pendingWithdrawals = new Map<number, PendingWithdrawal>();
  /** Deposits reviewed since start: a second decision is refused before its first commits. */
  private readonly reviewedDeposits = new Set<number>();
  /** Open orders per `userId:marketId`, for the open-orders limit. */
  private readonly openCounts = new Map<string, number>();
  /** Orders placed per user in the current second, for the order-rate limit. */
  private readonly placedThisSecond = new Map<number, number>();
  private rateSecond = 0;
  /** Every market the core ever loaded, kept as the same objects across rebuilds. */
  readonly markets = new Map<number, MarketState>();

  private constructor(
    private readonly db: Db,
    private readonly prepared: RunPrepared,
    private readonly log: FastifyBaseLogger,
    private readonly limits: () => CoreLimits,
  ) {}

  static async start(
    store: Pick<Store, 'db' | 'prepared'>,
    log: FastifyBaseLogger,
    limits: () => CoreLimits = () => UNLIMITED,
  ): Promise<Core> {
    const core = new Core(store.db, store.prepared, log, limits);
    core.adopt(await loadSnapshot(store.db));
    return core;
  }

  /**
   * Takes a snapshot of the store as the core's memory. Market objects are kept and updated in
   * place, so that readers holding one (market data, pushes, the market maker) see the new book.
   */
  private adopt(snap: Snapshot) {
    this.ledger = new Ledger(
      snap.accounts,
      { nextAccountId: snap.nextIds.account, nextJournalId: snap.nextIds.journal },
      this,
    );
    this.lastBatch = snap.lastBatch;
    this.nextOrderId = snap.nextIds.order;
    this.nextTradeId = snap.nextIds.trade;
    this.nextWithdrawalId = snap.nextIds.withdrawal;
    this.nextTransferId = snap.nextIds.transfer;
    this.nextConversionId = snap.nextIds.conversion;
    this.openOrders = snap.openOrders;
    this.clientIds = snap.clientIds;
    this.transferClientIds = snap.transferClientIds;
    this.pendingWithdrawals = snap.pendingWithdrawals;
    this.reviewedDeposits.clear();
    for (const [id, fresh] of snap.markets) {
      const held = this.markets.get(id);
      if (held) Object.assign(held, fresh);
      else this.markets.set(id, fresh);
    }
    this.openCounts.clear();
    for (const o of this.openOrders.values()) this.countOpen(o, 1);
    for (const market of this.markets.values()) market.book.checkInvariants();
  }

  // LedgerSink: the ledger's changes go to the batch being filled.
  journal(row: JournalRow, postings: PostingRow[]) {
    this.batch.journal(row, postings);
  }
  account(account: Account, opened?: boolean) {
    this.batch.account(account, opened);
  }

  onCommit(listener: (c: Committed) => void) {
    this.listeners.push(listener);
  }

  openOrderCount() {
    return this.openOrders.size;
  }

  /** Places a spot order. Checks come first; once state changes, a failure is fatal. */
  placeOrder(input: PlaceInput): Promise<PlaceResult> {
    this.ensureRunning();
    if (input.clientOrderId) {
      const first = this.clientIds.get(clientKey(input.userId, input.clientOrderId));
      if (first !== undefined) return this.acknowledge(() => ({ replayOf: first }));
    }
    const market = this.markets.get(input.marketId);
    if (!market) throw new AppError('market.not_found');
    // A halted market refuses every order; there is no buy-only or sell-only mode (ARCHITECTURE §1).
    if (market.status !== 'open') throw new AppError('trade.remind');
    if (input.limited) this.checkLimits(input.userId, market.id);
    const qtyLots = parseTicks(input.number, market.qtyDecimals, 'trade.qty_scale');
    const qty = scaled(qtyLots, market.qtyDecimals);
    if (qty < market.minQty)
      throw new AppError('trade.min_qty', { min: wireAmount(market.minQty) });
    const notional = (ticks: number) =>
      scaled(BigInt(ticks) * BigInt(qtyLots), market.priceDecimals + market.qtyDecimals);

    let priceTicks: number;
    let kind: 'limit' | 'market' = 'limit';
    let immediateOnly = false;
    const available = this.ledger.available(
      input.userId,
      input.side === 1 ? market.quoteCurrencyId : market.baseCurrencyId,
      ACCOUNT_TYPE.trade,
    );
    if (input.type === 0) {
      if (!input.price) throw new AppError('trade.p_price');
      priceTicks = parseTicks(input.price, market.priceDecimals, 'trade.price_scale');
    } else {
      const band = market.book.marketLimitPrice(input.side);
      if (band === null) throw new AppError('trade.notbest');
      kind = 'market';
      priceTicks = band;
      if (input.side === 1 && notional(band) > available) {
        // A market buy may spend what the user has: it reaches up to the band or to the price the
        // funds pay for, whichever is lower, and what cannot fill at once is cancelled.
        const perTick = notional(1);
        const affordable = Number(available / perTick);
        const best = market.book.bestAsk();
        if (best === null || affordable < best) throw new AppError('balance.insufficient');
        priceTicks = affordable;
        kind = 'limit';
        immediateOnly = true;
      }
    }
    // The whole order must be covered, though only what rests will be locked.
    const cost = input.side === 1 ? notional(priceTicks) : qty;
    if (available < cost) throw new AppError('balance.insufficient');

    return this.mutate(() => {
      const at = new Date();
      const order: OrderState = {
        id: this.nextOrderId++,
        userId: input.userId,
        marketId: market.id,
        side: input.side,
        type: input.type,
        price: scaled(priceTicks, market.priceDecimals),
        priceTicks,
        qty,
        qtyLots,
        filledLots: 0,
        filledQty: 0n,
        filledQuote: 0n,
        fee: 0n,
        // Nothing is locked up front: what fills at once is paid from available funds in the trade
        // itself, and only what rests is locked (one journal entry for an order that fills at once).
        locked: 0n,
        status: 0,
        clientOrderId: input.clientOrderId || null,
        createdAt: at,
        updatedAt: at,
      };
      this.openOrders.set(order.id, order);
      this.countOpen(order, 1);
      if (input.limited) this.countPlaced(input.userId);
      if (order.clientOrderId)
        this.clientIds.set(clientKey(order.userId, order.clientOrderId), order.id);
      this.batch.created.add(order.id);
      this.batch.order(order);
      const events: BookEvent[] = [];
      market.book.place(
        {
          orderId: order.id,
          ownerId: order.userId,
          side: order.side,
          kind,
          price: priceTicks,
          qty: qtyLots,
        },
        events,
      );
      // An order that may only fill at once locks nothing for the moment it rests.
      this.apply(market, events, at, !immediateOnly);
      if (immediateOnly && order.status === 0) {
        const more: BookEvent[] = [];
        market.book.cancel(order.id, more);
        this.apply(market, more, at);
      }
      return { order: { ...order } };
    });
  }

  /**
   * The per-user limits: orders per second (a fixed one-second window) and open orders per
   * market, both operator settings read at each placement.
   */
  private checkLimits(userId: number, marketId: number) {
    const limits = this.limits();
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.rateSecond) {
      this.rateSecond = second;
      this.placedThisSecond.clear();
    }
    if ((this.placedThisSecond.get(userId) ?? 0) >= limits.ordersPerSecond)
      throw new AppError('order.rate_limited', { max: limits.ordersPerSecond, retry_after_s: 1 });
    if ((this.openCounts.get(`${userId}:${marketId}`) ?? 0) >= limits.openOrdersPerMarket)
      throw new AppError('order.open_limit', { max: limits.openOrdersPerMarket });
  }

  private countPlaced(userId: number) {
    this.placedThisSecond.set(userId, (this.placedThisSecond.get(userId) ?? 0) + 1);
  }

  private countOpen(order: OrderState, delta: 1 | -1) {
    const key = `${order.userId}:${order.marketId}`;
    const n = (this.openCounts.get(key) ?? 0) + delta;
    if (n > 0) this.openCounts.set(key, n);
    else this.openCounts.delete(key);
  }

  /** Cancels an open order of this user and side; null when there is none open in memory. */
  cancelOrder(userId: number, orderId: number, side: Side): Promise<OrderState> | null {
    this.ensureRunning();
    const order = this.openOrders.get(orderId);
    if (!order || order.userId !== userId || order.side !== side) return null;
    const market = this.markets.get(order.marketId);
    if (!market) return null;
    return this.mutate(() => {
      const events: BookEvent[] = [];
      market.book.cancel(orderId, events);
      this.apply(market, events, new Date());
      return { ...order };
    });
  }

  /** A recorded adjustment against the outside-world account; the balance never goes below zero. */
  adjust(input: AdjustInput): Promise<{ journalId: number; available: bigint; locked: bigint }> {
    this.ensureRunning();
    if (input.amount === 0n) throw new AppError('trade.invalid_number');
    const current = this.ledger.available(input.userId, input.currencyId, input.accountType);
    if (current + input.amount < 0n) throw new AppError('balance.insufficient');
    return this.mutate(() => {
      const account = this.ledger.user(input.userId, input.currencyId, input.accountType);
      const journalId = this.ledger.post(
        { kind: 'adjust', actorId: input.actorId, reason: input.reason, at: new Date() },
        [
          { account, bucket: 0, amount: input.amount },
          {
            account: this.ledger.system('outside', input.currencyId),
            bucket: 0,
            amount: -input.amount,
          },
        ],
      );
      this.batch.audits.push({
        actorId: input.actorId,
        action: 'ledger.adjust',
        target: `user:${input.userId}`,
        detail: {
          journal_id: journalId,
          currency_id: input.currencyId,
          account_type: input.accountType,
          amount: wireAmount(input.amount),
          reason: input.reason,
        },
      });
      return { journalId, available: account.available, locked: account.locked };
    });
  }

  /** Locks the amount in the trade account and records the request, in one batch. */
  requestWithdrawal(input: WithdrawalInput): Promise<{ id: number; createdAt: Date }> {
    this.ensureRunning();
    if (input.number <= 0n || input.fee < 0n || input.fee > input.number)
      throw new AppError('trade.invalid_number');
    if (this.ledger.available(input.userId, input.currencyId, ACCOUNT_TYPE.trade) < input.number)
      throw new AppError('balance.insufficient');
    return this.mutate(() => {
      const id = this.nextWithdrawalId++;
      const at = new Date();
      this.ledger.lock(
        this.ledger.user(input.userId, input.currencyId, ACCOUNT_TYPE.trade),
        input.number,
        'withdraw.lock',
        id,
        at,
      );
      const receive = input.number - input.fee;
      this.pendingWithdrawals.set(id, {
        id,
        userId: input.userId,
        currencyId: input.currencyId,
        number: input.number,
        fee: input.fee,
        receive,
      });
      const row = {
        id,
        userId: input.userId,
        currencyId: input.currencyId,
        currencyProtocolId: input.protocolId,
        chain: input.chain,
        address: input.address,
        memo: input.memo,
        number: sqlAmount(input.number),
        fee: sqlAmount(input.fee),
        receive: sqlAmount(receive),
        status: 0,
        createdAt: at,
      };
      this.batch.extras.push((tx) => tx.insert(withdrawals).values(row));
      return { id, createdAt: at };
    });
  }

  /**
   * An operator's decision on a pending withdrawal: approval pays the locked amount out (receive
   * to the outside world, the fee to the fee account); rejection unlocks it.
   */
  reviewWithdrawal(input: {
    id: number;
    actorId: number;
    approve: boolean;
    txRef: string;
    reason: string;
  }): Promise<void> {
    this.ensureRunning();
    const pending = this.pendingWithdrawals.get(input.id);
    if (!pending) throw new AppError('review.done');
    return this.mutate(() => {
      this.pendingWithdrawals.delete(input.id);
      const at = new Date();
      const account = this.ledger.user(pending.userId, pending.currencyId, ACCOUNT_TYPE.trade);
      if (input.approve) {
        this.ledger.post({ kind: 'withdraw', refId: input.id, actorId: input.actorId, at }, [
          { account, bucket: 1, amount: -pending.number },
          {
            account: this.ledger.system('outside', pending.currencyId),
            bucket: 0,
            amount: pending.receive,
          },
          {
            account: this.ledger.system('fee', pending.currencyId),
            bucket: 0,
            amount: pending.fee,
          },
        ]);
      } else {
        this.ledger.post({ kind: 'withdraw.unlock', refId: input.id, actorId: input.actorId, at }, [
          { account, bucket: 1, amount: -pending.number },
          { account, bucket: 0, amount: pending.number },
        ]);
      }
      const set = {
        status: input.approve ? 1 : 2,
        txRef: input.txRef,
        reason: input.reason,
        reviewedBy: input.actorId,
        reviewedAt: at,
      };
      this.batch.extras.push((tx) =>
        tx
          .update(withdrawals)
          .set(set)
          .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0))),
      );
      this.batch.audits.push({
        actorId: input.actorId,
        action: input.approve ? 'withdrawal.approve' : 'withdrawal.reject',
        target: `withdrawal:${input.id}`,
        detail: {
          user_id: pending.userId,
          currency_id: pending.currencyId,
          number: wireAmount(pending.number),
          tx_ref: input.txRef,
          reason: input.reason,
        },
      });
    });
  }

  /**
   * An operator's decision on a reported deposit (read as pending by the caller): approval
   * credits the trade account from the outside world; rejection only records the reason.
   */
  reviewDeposit(input: {
    id: number;
    userId: number;
    currencyId: number;
    amount: bigint;
    actorId: number;
    approve: boolean;
    reason: string;
  }): Promise<{ journalId: number | null }> {
    this.ensureRunning();
    if (this.reviewedDeposits.has(input.id)) throw new AppError('review.done');
    if (input.approve && input.amount <= 0n) throw new AppError('trade.invalid_number');
    return this.mutate(() => {
      this.reviewedDeposits.add(input.id);
      const at = new Date();
      let journalId: number | null = null;
      if (input.approve) {
        journalId = this.ledger.post(
          { kind: 'deposit', refId: input.id, actorId: input.actorId, at },
          [
            {
              account: this.ledger.user(input.userId, input.currencyId, ACCOUNT_TYPE.trade),
              bucket: 0,
              amount: input.amount,
            },
            {
              account: this.ledger.system('outside', input.currencyId),
              bucket: 0,
              amount: -input.amount,
            },
          ],
        );
      }
      const set = {
        status: input.approve ? 1 : 2,
        reason: input.reason,
        journalId,
        reviewedBy: input.actorId,
        reviewedAt: at,
      };
      this.batch.extras.push((tx) =>
        tx
          .update(deposits)
          .set(set)
          .where(and(eq(deposits.id, input.id), eq(deposits.status, 0))),
      );
      this.batch.audits.push({
        actorId: input.actorId,
        action: input.approve ? 'deposit.approve' : 'deposit.reject',
        target: `deposit:${input.id}`,
        detail: {
          user_id: input.userId,
          currency_id: input.currencyId,
          number: wireAmount(input.amount),
          journal_id: journalId,
          reason: input.reason,
        },
      });
      return { journalId };
    });
  }

  /** Moves an amount between two account types of one user; a known client id replays. */
  transfer(input: {
    userId: number;
    currencyId: number;
    from: number;
    to: number;
    amount: bigint;
    clientId: string | null;
  }): Promise<{ id: number; replay: boolean; createdAt: Date }> {
    this.ensureRunning();
    if (input.clientId) {
      const first = this.transferClientIds.get(clientKey(input.userId, input.clientId));
      if (first !== undefined)
        return this.acknowledge(() => ({ id: first, replay: true, createdAt: new Date() }));
    }
    if (input.amount <= 0n || input.from === input.to) throw new AppError('trade.invalid_number');
    if (this.ledger.available(input.userId, input.currencyId, input.from) < input.amount)
      throw new AppError('balance.insufficient');
    return this.mutate(() => {
      const id = this.nextTransferId++;
      const at = new Date();
      this.ledger.post({ kind: 'transfer', refId: id, at }, [
        {
          account: this.ledger.user(input.userId, input.currencyId, input.from),
          bucket: 0,
          amount: -input.amount,
        },
        {
          account: this.ledger.user(input.userId, input.currencyId, input.to),
          bucket: 0,
          amount: input.amount,
        },
      ]);
      if (input.clientId) this.transferClientIds.set(clientKey(input.userId, input.clientId), id);
      const row = {
        id,
        userId: input.userId,
        currencyId: input.currencyId,
        number: sqlAmount(input.amount),
        fromType: input.from,
        toType: input.to,
        clientId: input.clientId,
        createdAt: at,
      };
      this.batch.extras.push((tx) => tx.insert(transfers).values(row));
      return { id, replay: false, createdAt: at };
    });
  }

  /**
   * What selling `amount` (ledger units; null: the market's smallest quantity) of a currency into
   * its USDT book pays now: other users' bids walked level by level (ARCHITECTURE §1, no house
   * price). `userId`'s own bids never count: the conversion's order would cancel them instead of
   * trading with them (self-trade prevention). Refuses when nobody else bids (`trade.notbest`) or
   * the bids do not cover the amount (`convert.depth_insufficient`).
   */
  convertQuote(
    userId: number | null,
    currencyId: number,
    usdtId: number,
    amount: bigint | null,
  ): ConvertQuote {
    const market = this.usdtMarket(currencyId, usdtId);
    const step = pow10(SCALE - market.qtyDecimals);
    const qty = amount ?? market.minQty;
    if (qty % step !== 0n) throw new AppError('amount.precision', { decimals: market.qtyDecimals });
    if (qty < market.minQty)
      throw new AppError('trade.min_qty', { min: wireAmount(market.minQty) });
    const lots = qty / step;
    if (lots > BigInt(Number.MAX_SAFE_INTEGER))
      throw new AppError('amount.too_large', {
        max: wireAmount(scaled(Number.MAX_SAFE_INTEGER, market.qtyDecimals)),
      });
    const qtyLots = Number(lots);
    // The owner id -1 matches no order: without a session every bid counts.
    const walk = market.book.preview(2, qtyLots, userId ?? -1);
    if (walk.best === null || walk.worst === null) throw new AppError('trade.notbest');
    if (walk.filled < qtyLots) {
      throw new AppError('convert.depth_insufficient', {
        available: wireAmount(scaled(walk.filled, market.qtyDecimals)),
      });
    }
    const gross = scaled(walk.notional, market.priceDecimals + market.qtyDecimals);
    // The seller of a trade pays its fee in quote, at the taker's rate (see `settle`).
    const fee = (gross * BigInt(market.takerFeeBps)) / BPS;
    return {
      market,
      qtyLots,
      qty,
      marketPrice: scaled(walk.best, market.priceDecimals),
      worstTicks: walk.worst,
      worstPrice: scaled(walk.worst, market.priceDecimals),
      price: floorTo((gross * pow10(SCALE)) / qty, QUOTE_DECIMALS),
      gross,
      feeBps: market.takerFeeBps,
      fee,
      receive: gross - fee,
    };
  }

  private usdtMarket(currencyId: number, usdtId: number): MarketState {
    for (const market of this.markets.values()) {
      if (market.baseCurrencyId !== currencyId || market.quoteCurrencyId !== usdtId) continue;
      if (market.status !== 'open') throw new AppError('trade.remind');
      return market;
    }
    throw new AppError('convert.no_market');
  }

  /**
   * Converts an amount to USDT in one account type: an immediate-or-cancel sell order through the
   * book, limited to the worst bid the quote reached, paid from and into that account. When the
   * book would pay less than `minReceive` (the least the user confirmed), nothing happens.
   */
  convert(input: {
    userId: number;
    currencyId: number;
    accountType: number;
    amount: bigint;
    minReceive: bigint;
    usdtId: number;
  }): Promise<ConversionResult> {
    this.ensureRunning();
    if (input.amount <= 0n) throw new AppError('trade.invalid_number');
    const quote = this.convertQuote(input.userId, input.currencyId, input.usdtId, input.amount);
    if (this.ledger.available(input.userId, input.currencyId, input.accountType) < input.amount)
      throw new AppError('balance.insufficient');
    if (quote.receive < input.minReceive) {
      throw new AppError('convert.min_receive', {
        receive: wireAmount(floorTo(quote.receive, QUOTE_DECIMALS)),
        min_receive: wireAmount(input.minReceive),
      });
    }
    const { market } = quote;
    return this.mutate(() => {
      const at = new Date();
      const order: OrderState = {
        id: this.nextOrderId++,
        userId: input.userId,
        marketId: market.id,
        side: 2,
        type: 1,
        price: quote.worstPrice,
        priceTicks: quote.worstTicks,
        qty: quote.qty,
        qtyLots: quote.qtyLots,
        filledLots: 0,
        filledQty: 0n,
        filledQuote: 0n,
        fee: 0n,
        locked: 0n,
        status: 0,
        clientOrderId: null,
        createdAt: at,
        updatedAt: at,
        accountType: input.accountType,
      };
      this.openOrders.set(order.id, order);
      this.countOpen(order, 1);
      this.batch.created.add(order.id);
      this.batch.order(order);
      const events: BookEvent[] = [];
      market.book.place(
        {
          orderId: order.id,
          ownerId: order.userId,
          side: 2,
          kind: 'limit',
          price: quote.worstTicks,
          qty: quote.qtyLots,
        },
        events,
      );
      // Immediate or cancel: nothing rests, so nothing is locked.
      this.apply(market, events, at, false);
      if (order.status === 0) {
        const more: BookEvent[] = [];
        market.book.cancel(order.id, more);
        this.apply(market, more, at);
      }
      // The quote walked exactly what this order met; anything else is a bug (memory unknown).
      // The fee, floored per trade, is at most the quote's: the user receives at least `receive`.
      if (order.filledQuote !== quote.gross || order.fee > quote.fee)
        throw new Error(`conversion order ${order.id} filled other than quoted`);
      const id = this.nextConversionId++;
      const receive = order.filledQuote - order.fee;
      const row = {
        id,
        userId: input.userId,
        currencyId: input.currencyId,
        accountType: input.accountType,
        number: sqlAmount(quote.qty),
        marketPrice: sqlAmount(quote.marketPrice),
        spreadBps: 0,
        price: sqlAmount(quote.price),
        receive: sqlAmount(receive),
        fee: sqlAmount(order.fee),
        minReceive: sqlAmount(input.minReceive),
        orderId: order.id,
        createdAt: at,
      };
      this.batch.extras.push((tx) => tx.insert(conversions).values(row));
      return {
        id,
        orderId: order.id,
        qty: quote.qty,
        marketPrice: quote.marketPrice,
        price: quote.price,
        fee: order.fee,
        receive,
      };
    });
  }

  /** Waits for everything applied so far to be committed. */
  async close() {
    while (this.inFlight || !this.batch.empty || this.batch.waiters.length) {
      if (this.inFlight) await this.tail;
      else await this.flush();
      if (this.failure) return;
    }
  }

  private ensureRunning() {
    if (this.failure) throw new AppError('common.unavailable');
  }

  /** Resolves once the core takes commands again after a failure (at once when it does). */
  recovered(): Promise<void> {
    return this.recovering ?? Promise.resolve();
  }

  /**
   * Applies a state change; a throw inside is a bug that leaves memory unknown: the command is
   * answered with an error and memory is rebuilt from the store (see `fail`).
   */
  private mutate<T>(change: () => T): Promise<T> {
    let result: T;
    try {
      result = change();
    } catch (err) {
      this.fail(err);
      throw new AppError('common.internal');
    }
    return this.acknowledge(() => result);
  }

  private acknowledge<T>(value: () => T): Promise<T> {
    const committed = this.batch.wait();
    this.schedule();
    return committed.then(value);
  }

  private apply(market: MarketState, events: BookEvent[], at: Date, lockRest = true) {
    for (const e of events) {
      switch (e.type) {
        case 'accepted':
          break;
        case 'trade':
          this.settle(market, e, at);
          break;
        case 'rested': {
          if (!lockRest) break;
          // What rests is locked now: a buy its limit price times the rest, a sell the rest.
          const order = this.mustOrder(e.orderId);
          const need =
            order.side === 1
              ? scaled(
                  BigInt(order.priceTicks) * BigInt(e.remaining),
                  market.priceDecimals + market.qtyDecimals,
                )
              : scaled(e.remaining, market.qtyDecimals);
          this.moveLocked(market, order, need, at);
          break;
        }
        case 'filled':
          this.finish(market, this.mustOrder(e.orderId), 1, at);
          break;
        case 'cancelled':
          this.finish(market, this.mustOrder(e.orderId), 2, at);
          break;
        case 'rejected':
          throw new Error(`book rejected order ${e.orderId}: ${e.reason}`);
      }
    }
    this.batch.markets.add(market.id);
  }

  private settle(market: MarketState, e: Extract<BookEvent, { type: 'trade' }>, at: Date) {
    const maker = this.mustOrder(e.makerOrderId);
    const taker = this.mustOrder(e.takerOrderId);
    const buyer = e.takerSide === 1 ? taker : maker;
    const seller = e.takerSide === 1 ? maker : taker;
    const qty = scaled(e.qty, market.qtyDecimals);
    const quote = scaled(
      BigInt(e.price) * BigInt(e.qty),
      market.priceDecimals + market.qtyDecimals,
    );
    // Fees come out of what each side receives: the buyer pays in base, the seller in quote.
    const buyerBps = BigInt(buyer === taker ? market.takerFeeBps : market.makerFeeBps);
    const sellerBps = BigInt(seller === taker ? market.takerFeeBps : market.makerFeeBps);
    const buyerFee = (qty * buyerBps) / BPS;
    const sellerFee = (quote * sellerBps) / BPS;
    const tradeId = this.nextTradeId++;
    const q = market.quoteCurrencyId;
    const b = market.baseCurrencyId;
    // Orders trade in the trade account; a conversion's order in the account it converts in.
    const BT = buyer.accountType ?? ACCOUNT_TYPE.trade;
    const ST = seller.accountType ?? ACCOUNT_TYPE.trade;
    // The maker pays from what its order locked, the taker from its available funds (placement
    // checked they cover the whole order).
    const buyerBucket = buyer === maker ? 1 : 0;
    const sellerBucket = seller === maker ? 1 : 0;
    this.ledger.post({ kind: 'trade', refId: tradeId, at }, [
      { account: this.ledger.user(buyer.userId, q, BT), bucket: buyerBucket, amount: -quote },
      { account: this.ledger.user(seller.userId, q, ST), bucket: 0, amount: quote - sellerFee },
      { account: this.ledger.system('fee', q), bucket: 0, amount: sellerFee },
      { account: this.ledger.user(seller.userId, b, ST), bucket: sellerBucket, amount: -qty },
      { account: this.ledger.user(buyer.userId, b, BT), bucket: 0, amount: qty - buyerFee },
      { account: this.ledger.system('fee', b), bucket: 0, amount: buyerFee },
    ]);
    maker.locked -= buyer === maker ? quote : qty;
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    for (const o of [maker, taker]) {
      o.filledLots += e.qty;
      o.filledQty += qty;
      o.filledQuote += quote;
      o.updatedAt = at;
      this.batch.order(o);
    }
    this.batch.trades.push({
      id: tradeId,
      marketId: market.id,
      price: scaled(e.price, market.priceDecimals),
      qty,
      quoteQty: quote,
      takerSide: e.takerSide,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      buyerFee,
      sellerFee,
      createdAt: at,
    });
  }

  /**
   * Moves an order's funds between its owner's available and locked balance: a positive amount
   * locks (`order.lock`), a negative one unlocks (`order.unlock`).
   */
  private moveLocked(market: MarketState, order: OrderState, amount: bigint, at: Date) {
    const currency = order.side === 1 ? market.quoteCurrencyId : market.baseCurrencyId;
    this.ledger.lock(
      this.ledger.user(order.userId, currency, ACCOUNT_TYPE.trade),
      amount,
      amount > 0n ? 'order.lock' : 'order.unlock',
      order.id,
      at,
    );
    order.locked += amount;
  }

  private finish(market: MarketState, order: OrderState, status: 1 | 2, at: Date) {
    if (order.locked > 0n) this.moveLocked(market, order, -order.locked, at);
    order.status = status;
    order.updatedAt = at;
    if (this.openOrders.delete(order.id)) this.countOpen(order, -1);
    this.batch.order(order);
  }

  private mustOrder(id: number): OrderState {
    const order = this.openOrders.get(id);
    if (!order) throw new Error(`order ${id} is not open in memory`);
    return order;
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.mayFlush()) void this.flush();
    });
  }

  /**
   * Whether the current batch may be sent now. Batches of the core's own rows go to the store
   * in order over one connection, at most `MAX_IN_FLIGHT` at a time. A batch with other domains'
   * rows is written in a transaction on another connection, so it waits for the batches before
   * it to be answered and the ones after it wait for it.
   */
  private mayFlush() {
    if (!this.inFlight) return true;
    return this.inFlight < MAX_IN_FLIGHT && !this.alone && !this.batch.extras.length;
  }

  /**
   * Group commit: one transaction for everything applied since the last batch was sent, sent as
   * soon as the event loop has nothing else queued and `mayFlush` allows. The store works on one
   * batch while the next is applied and sent; each batch is answered only once it and every
   * batch before it have committed. A batch whose predecessor failed fails too (each moves the
   * store's batch number on from its predecessor's, see `BATCH_KEY`), and the core rebuilds its
   * memory from the store (`fail`).
   */
  private flush(): Promise<void> {
    const batch = this.batch;
    if (batch.empty && !batch.waiters.length) return this.tail;
    this.batch = new Batch();
    const committed = batch.committed();
    this.inFlight++;
    this.alone = batch.extras.length > 0;
    const previous = this.tail;
    // Sent at once, before the answer to the previous batch (extras wait for it, see mayFlush).
    const written = batch.empty
      ? Promise.resolve()
      : batch.commit(this.db, this.prepared, ++this.lastBatch);
    // Awaited below, in order; until then its failure must not count as unhandled.
    written.catch(() => undefined);
    const run = async () => {
      await previous;
      let failed = false;
      try {
        await written;
      } catch (err) {
        failed = true;
        this.fail(err);
      }
      // Failed, or sent after a batch that failed (and then refused by the store as well).
      if (failed || this.failure) {
        for (const w of batch.waiters) w.reject(new AppError('common.unavailable'));
        return;
      }
      // Resolving only queues the answers; they are written after this function returns.
      for (const w of batch.waiters) w.resolve();
      for (const listener of this.listeners) {
        try {
          listener(committed);
        } catch (err) {
          this.log.error({ err }, 'commit listener failed');
        }
      }
    };
    const done = run().finally(() => {
      this.inFlight--;
      if (!this.inFlight) this.alone = false;
      if (!this.failure && (!this.batch.empty || this.batch.waiters.length)) this.schedule();
    });
    this.tail = done;
    return done;
  }

  /**
   * A batch failed to commit, or a change threw half-way: memory now holds effects the store does
   * not. Every command not yet committed is answered with `common.unavailable` (the failed batch's
   * in `flush`, the batches sent after it are refused by the store, the one being filled here),
   * new commands are refused until memory has been read again from the store, and then the core
   * serves again. The process never exits for it: the store is the truth and stays consistent.
   */
  private fail(err: unknown) {
    if (this.failure) return;
    this.failure = err;
    this.log.error(
      { err },
      'core: a batch could not be committed; its commands are refused and memory is rebuilt from the store',
    );
    this.recovering = this.recover().finally(() => {
      this.recovering = null;
    });
  }

  private async recover() {
    this.dropUncommitted();
    // Batches on their way are answered first (refused by the store, as their predecessor failed).
    while (this.inFlight) await this.tail;
    for (let attempt = 0; ; attempt++) {
      try {
        const snap = await loadSnapshot(this.db);
        this.dropUncommitted();
        this.adopt(snap);
        this.failure = null;
        this.log.warn('core: memory rebuilt from the store; taking commands again');
        return;
      } catch (err) {
        const wait = REBUILD_RETRY_MS[Math.min(attempt, REBUILD_RETRY_MS.length - 1)] ?? 5_000;
        this.log.error({ err, retry_in_ms: wait }, 'core: the store could not be read');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** Refuses the commands of the batch being filled: they were applied to memory only. */
  private dropUncommitted() {
    const dropped = this.batch;
    this.batch = new Batch();
    for (const w of dropped.waiters) w.reject(new AppError('common.unavailable'));
  }
}
