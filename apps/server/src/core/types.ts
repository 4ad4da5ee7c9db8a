import type { OrderStatus } from '@exchange/contract';
import type { OrderBook, Side } from '@exchange/engine';

export interface MarketState {
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
  book: OrderBook;
}

/** A spot order as the core keeps it; amounts in ledger units, ticks and lots for the book. */
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

/** What one committed batch changed, for market data and pushes. */
export interface Committed {
  trades: TradeRow[];
  /** Order snapshots of this batch, in the order they changed. */
  orders: OrderState[];
  /** Markets whose book changed. */
  markets: Set<number>;
  /** Orders placed in this batch. */
  created: Set<number>;
  /** Accounts whose balance changed: (userId, currencyId) pairs of trade accounts. */
  balances: { userId: number; currencyId: number; available: bigint; locked: bigint }[];
}

/** A withdrawal waiting for review; its `number` is locked in the owner's trade account. */
export interface PendingWithdrawal {
  id: number;
  userId: number;
  currencyId: number;
  number: bigint;
  fee: bigint;
  receive: bigint;
}
