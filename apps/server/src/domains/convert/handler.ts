import { max } from 'drizzle-orm';
import { floorTo, pow10, SCALE, scaled, sqlAmount, wireAmount } from '../../core/amounts.js';
import type { Handler } from '../../core/handler.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Db } from '../../db/client.js';
import { conversions } from '../../db/schema.js';
import type { SpotHandler, SpotMarket } from '../spot/index.js';

const BPS = 10_000n;
/** Average prices and suggested minimums are shown at 8 decimals (the assets' amount scale). */
const QUOTE_DECIMALS = 8;

/** What selling `qty` into a currency's USDT book would pay now (see `quote`). */
export interface ConvertQuote {
  market: SpotMarket;
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

export interface ConvertInput {
  userId: number;
  currencyId: number;
  accountType: number;
  amount: bigint;
  minReceive: bigint;
  usdtId: number;
}

/**
 * Conversion to USDT (the assets area): no house desk and no house price. A conversion is an
 * immediate-or-cancel sell through the currency's USDT book, limited to the worst bid its quote
 * reached, paid from and into the account it converts in (ARCHITECTURE §1).
 */
export class ConvertHandler implements Handler {
  readonly name = 'convert';
  private nextConversionId = 0;

  constructor(
    private readonly seq: Sequencer,
    private readonly spot: SpotHandler,
  ) {}

  snapshot(): unknown {
    return { nextConversionId: this.nextConversionId };
  }

  async load(db: Db) {
    const [cv] = await db.select({ v: max(conversions.id) }).from(conversions);
    this.nextConversionId = (cv?.v ?? 0) + 1;
  }

  /**
   * What selling `amount` (ledger units; null: the market's smallest quantity) of a currency into
   * its USDT book pays now: other users' bids walked level by level. `userId`'s own bids never
   * count: the conversion's order would cancel them instead of trading with them (self-trade
   * prevention). Refuses when nobody else bids (`NO_BEST_PRICE`) or the bids do not cover the
   * amount (`DEPTH_INSUFFICIENT`).
   */
  quote(
    userId: number | null,
    currencyId: number,
    usdtId: number,
    amount: bigint | null,
  ): ConvertQuote {
    const market = this.spot.marketOf(currencyId, usdtId);
    if (!market) return reject('CONVERT_NO_MARKET');
    if (market.status !== 'open') reject('MARKET_HALTED');
    const step = pow10(SCALE - market.qtyDecimals);
    const qty = amount ?? market.minQty;
    if (qty % step !== 0n) reject('AMOUNT_PRECISION', { decimals: market.qtyDecimals });
    if (qty < market.minQty) reject('BELOW_MIN_QTY', { min: wireAmount(market.minQty) });
    const lots = qty / step;
    if (lots > BigInt(Number.MAX_SAFE_INTEGER))
      reject('AMOUNT_TOO_LARGE', {
        max: wireAmount(scaled(Number.MAX_SAFE_INTEGER, market.qtyDecimals)),
      });
    const qtyLots = Number(lots);
    // The owner id -1 matches no order: without a session every bid counts.
    const walk = market.book.preview(2, qtyLots, userId ?? -1);
    if (walk.best === null || walk.worst === null) return reject('NO_BEST_PRICE');
    if (walk.filled < qtyLots) {
      reject('DEPTH_INSUFFICIENT', {
        available: wireAmount(scaled(walk.filled, market.qtyDecimals)),
      });
    }
    // The spot price band bounds a conversion like any sell: no bid below the band's edge.
    const band = this.spot.priceBand(market);
    if (band) this.spot.checkPriceBand(market, band, walk.worst >= band.minSell);
    const gross = scaled(walk.notional, market.priceDecimals + market.qtyDecimals);
    // The seller of a trade pays its fee in quote, at the taker's rate (see spot's matching).
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

  /**
   * Converts an amount to USDT in one account type. When the book would pay less than
   * `minReceive` (the least the user confirmed), nothing happens.
   */
  convert(input: ConvertInput): Promise<ConversionResult> {
    this.seq.ensureRunning();
    if (input.amount <= 0n) reject('INVALID_NUMBER');
    const quote = this.quote(input.userId, input.currencyId, input.usdtId, input.amount);
    const available = this.seq.ledger.available(input.userId, input.currencyId, input.accountType);
    if (available < input.amount) reject('INSUFFICIENT_FUNDS');
    if (quote.receive < input.minReceive) {
      reject('BELOW_MIN_RECEIVE', {
        receive: wireAmount(floorTo(quote.receive, QUOTE_DECIMALS)),
        min_receive: wireAmount(input.minReceive),
      });
    }
    return this.seq.run(() => {
      const order = this.spot.fillImmediately({
        userId: input.userId,
        market: quote.market,
        side: 2,
        type: 1,
        priceTicks: quote.worstTicks,
        qtyLots: quote.qtyLots,
        accountType: input.accountType,
      });
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
        createdAt: order.createdAt,
      };
      this.seq.batch.extras.push((tx) => tx.insert(conversions).values(row));
      const { marketPrice, price } = quote;
      return { id, orderId: order.id, qty: quote.qty, marketPrice, price, fee: order.fee, receive };
    });
  }
}
