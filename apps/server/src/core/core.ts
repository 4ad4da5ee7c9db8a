import type { BookEvent, Side } from '@exchange/engine';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db, RunPrepared, Store } from '../db/client.js';
import { conversions, deposits, transfers, withdrawals } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { floorTo, mulUnits, scaled, sqlAmount, wireAmount } from './amounts.js';
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
import { clientKey, loadSnapshot } from './rebuild.js';
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
}

/** A placement either creates an order or, for a known client_order_id, names the first one. */
export type PlaceResult = { order: OrderState } | { replayOf: number };

const BPS = 10_000n;
/** The conversion desk pays USDT floored to 6 decimals. */
const CONVERT_DECIMALS = 6;

/** An operator adjustment: of a user's account, or with userId null of the conversion desk. */
export type AdjustInput = {
  actorId: number | null;
  currencyId: number;
  amount: bigint;
  reason: string;
} & ({ userId: number; accountType: number } | { userId: null });

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

export interface ConversionResult {
  id: number;
  marketPrice: bigint;
  price: bigint;
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
  private lastBatch: number;
  private failure: unknown = null;
  private readonly listeners: ((c: Committed) => void)[] = [];
  private readonly ledger: Ledger;
  private nextOrderId: number;
  private nextTradeId: number;
  private nextWithdrawalId: number;
  private nextTransferId: number;
  private nextConversionId: number;
  private readonly transferClientIds: Map<string, number>;
  private readonly pendingWithdrawals: Map<number, PendingWithdrawal>;
  /** Deposits reviewed since start: a second decision is refused before its first commits. */
  private readonly reviewedDeposits = new Set<number>();

  private constructor(
    private readonly db: Db,
    private readonly prepared: RunPrepared,
    private readonly log: FastifyBaseLogger,
    readonly markets: Map<number, MarketState>,
    private readonly openOrders: Map<number, OrderState>,
    private readonly clientIds: Map<string, number>,
    snapshot: Awaited<ReturnType<typeof loadSnapshot>>,
    private readonly onFatal: (err: unknown) => void,
  ) {
    this.ledger = new Ledger(
      snapshot.accounts,
      { nextAccountId: snapshot.nextIds.account, nextJournalId: snapshot.nextIds.journal },
      this,
    );
    this.lastBatch = snapshot.lastBatch;
    this.nextOrderId = snapshot.nextIds.order;
    this.nextTradeId = snapshot.nextIds.trade;
    this.nextWithdrawalId = snapshot.nextIds.withdrawal;
    this.nextTransferId = snapshot.nextIds.transfer;
    this.nextConversionId = snapshot.nextIds.conversion;
    this.transferClientIds = snapshot.transferClientIds;
    this.pendingWithdrawals = snapshot.pendingWithdrawals;
  }

  static async start(
    store: Pick<Store, 'db' | 'prepared'>,
    log: FastifyBaseLogger,
    onFatal: (err: unknown) => void,
  ): Promise<Core> {
    const { db } = store;
    const snap = await loadSnapshot(db);
    const core = new Core(
      db,
      store.prepared,
      log,
      snap.markets,
      snap.openOrders,
      snap.clientIds,
      snap,
      onFatal,
    );
    for (const market of snap.markets.values()) market.book.checkInvariants();
    return core;
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

  /**
   * A recorded adjustment against the outside-world account, of a user's account or (userId null)
   * of the conversion desk's inventory; the balance never goes below zero.
   */
  adjust(input: AdjustInput): Promise<{ journalId: number; available: bigint; locked: bigint }> {
    this.ensureRunning();
    if (input.amount === 0n) throw new AppError('trade.invalid_number');
    const current =
      input.userId === null
        ? this.ledger.systemAvailable('convert', input.currencyId)
        : this.ledger.available(input.userId, input.currencyId, input.accountType);
    if (current + input.amount < 0n) throw new AppError('balance.insufficient');
    return this.mutate(() => {
      const account =
        input.userId === null
          ? this.ledger.system('convert', input.currencyId)
          : this.ledger.user(input.userId, input.currencyId, input.accountType);
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
        target: input.userId === null ? 'system:convert' : `user:${input.userId}`,
        detail: {
          journal_id: journalId,
          currency_id: input.currencyId,
          ...(input.userId === null ? {} : { account_type: input.accountType }),
          amount: wireAmount(input.amount),
          reason: input.reason,
        },
      });
      return { journalId, available: account.available, locked: account.locked };
    });
  }

  /** What a system account holds (the conversion desk's inventory, say). */
  systemBalance(code: 'convert' | 'fee', currencyId: number): bigint {
    return this.ledger.systemAvailable(code, currencyId);
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
   * What the conversion desk pays per unit of a currency in USDT now: the best bid of its USDT
   * market (what the book pays a seller) less the disclosed spread. Null when nobody bids.
   */
  convertQuote(
    currencyId: number,
    usdtId: number,
    spreadBps: number,
  ): { marketPrice: bigint; price: bigint } | null {
    for (const market of this.markets.values()) {
      if (market.baseCurrencyId !== currencyId || market.quoteCurrencyId !== usdtId) continue;
      const bid = market.book.bestBid();
      if (bid === null || market.status !== 'open') return null;
      const marketPrice = scaled(bid, market.priceDecimals);
      const price = floorTo((marketPrice * (BPS - BigInt(spreadBps))) / BPS, market.priceDecimals);
      return { marketPrice, price };
    }
    return null;
  }

  /** Sells an amount to the conversion desk for USDT in the same account type. */
  convert(input: {
    userId: number;
    currencyId: number;
    accountType: number;
    amount: bigint;
    usdtId: number;
    spreadBps: number;
  }): Promise<ConversionResult> {
    this.ensureRunning();
    const quote = this.convertQuote(input.currencyId, input.usdtId, input.spreadBps);
    if (!quote) throw new AppError('convert.no_market');
    const receive = floorTo(mulUnits(input.amount, quote.price), CONVERT_DECIMALS);
    if (input.amount <= 0n || receive <= 0n) throw new AppError('trade.invalid_number');
    if (this.ledger.available(input.userId, input.currencyId, input.accountType) < input.amount)
      throw new AppError('balance.insufficient');
    if (this.ledger.systemAvailable('convert', input.usdtId) < receive)
      throw new AppError('convert.depth_insufficient', { available: '0' });
    return this.mutate(() => {
      const id = this.nextConversionId++;
      const at = new Date();
      this.ledger.post({ kind: 'convert', refId: id, at }, [
        {
          account: this.ledger.user(input.userId, input.currencyId, input.accountType),
          bucket: 0,
          amount: -input.amount,
        },
        {
          account: this.ledger.system('convert', input.currencyId),
          bucket: 0,
          amount: input.amount,
        },
        {
          account: this.ledger.system('convert', input.usdtId),
          bucket: 0,
          amount: -receive,
        },
        {
          account: this.ledger.user(input.userId, input.usdtId, input.accountType),
          bucket: 0,
          amount: receive,
        },
      ]);
      const row = {
        id,
        userId: input.userId,
        currencyId: input.currencyId,
        accountType: input.accountType,
        number: sqlAmount(input.amount),
        marketPrice: sqlAmount(quote.marketPrice),
        spreadBps: input.spreadBps,
        price: sqlAmount(quote.price),
        receive: sqlAmount(receive),
        createdAt: at,
      };
      this.batch.extras.push((tx) => tx.insert(conversions).values(row));
      return { id, marketPrice: quote.marketPrice, price: quote.price, receive };
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

  /** Applies a state change; any throw inside is a bug that leaves memory unknown: fatal. */
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
    const T = ACCOUNT_TYPE.trade;
    // The maker pays from what its order locked, the taker from its available funds (placement
    // checked they cover the whole order).
    const buyerBucket = buyer === maker ? 1 : 0;
    const sellerBucket = seller === maker ? 1 : 0;
    this.ledger.post({ kind: 'trade', refId: tradeId, at }, [
      { account: this.ledger.user(buyer.userId, q, T), bucket: buyerBucket, amount: -quote },
      { account: this.ledger.user(seller.userId, q, T), bucket: 0, amount: quote - sellerFee },
      { account: this.ledger.system('fee', q), bucket: 0, amount: sellerFee },
      { account: this.ledger.user(seller.userId, b, T), bucket: sellerBucket, amount: -qty },
      { account: this.ledger.user(buyer.userId, b, T), bucket: 0, amount: qty - buyerFee },
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
    this.openOrders.delete(order.id);
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
   * store's batch number on from its predecessor's, see `BATCH_KEY`), and the core stops.
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

  private fail(err: unknown) {
    if (this.failure) return;
    this.failure = err;
    this.log.fatal(
      { err },
      'core stopped: its memory can no longer be trusted; restart to rebuild from the store',
    );
    this.onFatal(err);
  }
}
