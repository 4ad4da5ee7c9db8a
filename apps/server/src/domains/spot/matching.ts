import { ACCOUNT_TYPE, ORDER_STATUS } from '@exchange/contract';
import type { BookEvent } from '@exchange/engine';
import { scaled } from '../../core/amounts.js';
import type { Ledger } from '../../core/ledger.js';
import type { SpotPart } from './spot-rows.js';
import type { OrderState, SpotMarket } from './types.js';

const BPS = 10_000n;

/** What settling a book's events needs from the spot handler, inside `Sequencer.run`. */
export interface MatchingContext {
  readonly ledger: Ledger;
  /** The spot rows of the batch being filled. */
  readonly part: SpotPart;
  readonly openOrders: Map<number, OrderState>;
  nextTradeId(): number;
  /** An order left the book (filled or cancelled). */
  closed(order: OrderState): void;
}

/**
 * Turns the book's events into ledger postings and order changes: a trade pays both sides (fees
 * from what each receives), what rests is locked (unless `lockRest` is false: an order that may
 * only fill at once), and a finished order unlocks what it still holds.
 */
export function applyBookEvents(
  ctx: MatchingContext,
  market: SpotMarket,
  events: BookEvent[],
  at: Date,
  lockRest = true,
) {
  for (const e of events) {
    switch (e.type) {
      case 'accepted':
        break;
      case 'trade':
        settle(ctx, market, e, at);
        break;
      case 'rested': {
        if (!lockRest) break;
        // What rests is locked now: a buy its limit price times the rest, a sell the rest.
        const order = mustOrder(ctx, e.orderId);
        const need =
          order.side === 1
            ? scaled(
                BigInt(order.priceTicks) * BigInt(e.remaining),
                market.priceDecimals + market.qtyDecimals,
              )
            : scaled(e.remaining, market.qtyDecimals);
        moveLocked(ctx, market, order, need, at);
        break;
      }
      case 'filled':
        finish(ctx, market, mustOrder(ctx, e.orderId), ORDER_STATUS.filled, at);
        break;
      case 'cancelled':
        finish(ctx, market, mustOrder(ctx, e.orderId), ORDER_STATUS.cancelled, at);
        break;
      case 'rejected':
        throw new Error(`book rejected order ${e.orderId}: ${e.reason}`);
    }
  }
  ctx.part.markets.set(market.id, market);
}

function settle(
  ctx: MatchingContext,
  market: SpotMarket,
  e: Extract<BookEvent, { type: 'trade' }>,
  at: Date,
) {
  const { ledger } = ctx;
  const maker = mustOrder(ctx, e.makerOrderId);
  const taker = mustOrder(ctx, e.takerOrderId);
  const buyer = e.takerSide === 1 ? taker : maker;
  const seller = e.takerSide === 1 ? maker : taker;
  const qty = scaled(e.qty, market.qtyDecimals);
  const quote = scaled(BigInt(e.price) * BigInt(e.qty), market.priceDecimals + market.qtyDecimals);
  // Fees come out of what each side receives: the buyer pays in base, the seller in quote.
  const buyerBps = BigInt(buyer === taker ? market.takerFeeBps : market.makerFeeBps);
  const sellerBps = BigInt(seller === taker ? market.takerFeeBps : market.makerFeeBps);
  const buyerFee = (qty * buyerBps) / BPS;
  const sellerFee = (quote * sellerBps) / BPS;
  const tradeId = ctx.nextTradeId();
  const q = market.quoteCurrencyId;
  const b = market.baseCurrencyId;
  // Orders trade in the trade account; a conversion's order in the account it converts in.
  const BT = buyer.accountType ?? ACCOUNT_TYPE.trade;
  const ST = seller.accountType ?? ACCOUNT_TYPE.trade;
  // The maker pays from what its order locked, the taker from its available funds (placement
  // checked they cover the whole order).
  const buyerBucket = buyer === maker ? 1 : 0;
  const sellerBucket = seller === maker ? 1 : 0;
  ledger.post({ kind: 'trade', refId: tradeId, at }, [
    { account: ledger.user(buyer.userId, q, BT), bucket: buyerBucket, amount: -quote },
    { account: ledger.user(seller.userId, q, ST), bucket: 0, amount: quote - sellerFee },
    { account: ledger.system('fee', q), bucket: 0, amount: sellerFee },
    { account: ledger.user(seller.userId, b, ST), bucket: sellerBucket, amount: -qty },
    { account: ledger.user(buyer.userId, b, BT), bucket: 0, amount: qty - buyerFee },
    { account: ledger.system('fee', b), bucket: 0, amount: buyerFee },
  ]);
  maker.locked -= buyer === maker ? quote : qty;
  buyer.fee += buyerFee;
  seller.fee += sellerFee;
  for (const o of [maker, taker]) {
    o.filledLots += e.qty;
    o.filledQty += qty;
    o.filledQuote += quote;
    o.updatedAt = at;
    ctx.part.order(o);
  }
  ctx.part.trades.push({
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
function moveLocked(
  ctx: MatchingContext,
  market: SpotMarket,
  order: OrderState,
  amount: bigint,
  at: Date,
) {
  const currency = order.side === 1 ? market.quoteCurrencyId : market.baseCurrencyId;
  ctx.ledger.lock(
    ctx.ledger.user(order.userId, currency, ACCOUNT_TYPE.trade),
    amount,
    amount > 0n ? 'order.lock' : 'order.unlock',
    order.id,
    at,
  );
  order.locked += amount;
}

function finish(
  ctx: MatchingContext,
  market: SpotMarket,
  order: OrderState,
  status: typeof ORDER_STATUS.filled | typeof ORDER_STATUS.cancelled,
  at: Date,
) {
  if (order.locked > 0n) moveLocked(ctx, market, order, -order.locked, at);
  order.status = status;
  order.updatedAt = at;
  if (ctx.openOrders.delete(order.id)) ctx.closed(order);
  ctx.part.order(order);
}

function mustOrder(ctx: MatchingContext, id: number): OrderState {
  const order = ctx.openOrders.get(id);
  if (!order) throw new Error(`order ${id} is not open in memory`);
  return order;
}
