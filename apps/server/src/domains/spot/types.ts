import type { OrderStatus } from '@exchange/contract';
import type { OrderBook, Side } from '@exchange/engine';

/** A spot market as the read model and the API see it: no book, a copy of the handler's state. */
export interface MarketInfo {
  id: number;
  symbol: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  baseCode: string;
  quoteCode: string;
  priceDecimals: number;
  qtyDecimals: number;
  /** Ledger units. */
  minQty: bigint;
  makerFeeBps: number;
  takerFeeBps: number;
  bandBps: number;
  status: 'open' | 'halted';
}

/** A market inside the spot handler, with its live book: never handed outside the core's handlers. */
export interface SpotMarket extends MarketInfo {
  book: OrderBook;
}

/** A spot order as the handler keeps it; amounts in ledger units, ticks and lots for the book. */
export interface OrderState {
  id: number;
  userId: number;
  marketId: number;
  side: Side;
  /** 0 limit, 1 market. */
  type: 0 | 1;
  /** Limit price, or for a market order the band price it could reach. */
  price: bigint;
  priceTicks: number;
  qty: bigint;
  qtyLots: number;
  filledLots: number;
  filledQty: bigint;
  filledQuote: bigint;
  fee: bigint;
  locked: bigint;
  /** 0 open, 1 filled, 2 cancelled. */
  status: OrderStatus;
  clientOrderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * The account type the order pays from and is paid into: the trade account unless set (a
   * conversion's order trades in the account it converts in; it never rests).
   */
  accountType?: number;
}

export interface TradeRow {
  id: number;
  marketId: number;
  price: bigint;
  qty: bigint;
  quoteQty: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  buyerFee: bigint;
  sellerFee: bigint;
  createdAt: Date;
}
