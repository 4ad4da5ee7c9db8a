import type { CloseReason } from '@exchange/contract';

/** A pair's lever terms with what the maths needs of its market. */
export interface LeverTerms {
  marketId: number;
  symbol: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  priceDecimals: number;
  qtyDecimals: number;
  /** The quote currency's decimals: margins, fees and results are rounded to them. */
  amountDecimals: number;
  open: boolean;
  pointRate: string;
  shareNum: string;
  feeRate: string;
  multiples: number[];
  minShare: number;
  maxShare: number;
  overnightRate: string;
  maxOpenInterest: number;
  /**
   * The mark price (docs/architecture.md §4a): the quote amount (a decimal) each side of the book
   * must hold within the band of its mid, the band (a fraction), the averaging window in seconds,
   * and the manipulation multiple of the house's exposure bound (a decimal).
   */
  markMinDepth: string;
  markBand: string;
  markWindowS: number;
  manipulationMultiple: string;
}

/** A position or entrust as the handler keeps it and the store holds it (ledger-scale amounts). */
export interface LeverRow {
  id: number;
  userId: number;
  marketId: number;
  side: 1 | 2;
  /** 0 entrust, 1 trading, 2 closing, 3 closed, 4 cancelled. */
  status: number;
  share: number;
  number: bigint;
  multiple: number;
  originPrice: bigint;
  price: bigint;
  targetPrice: bigint | null;
  margin: bigint;
  originMargin: bigint;
  fee: bigint;
  overnight: bigint;
  maxPayout: bigint;
  stopProfit: bigint | null;
  stopLoss: bigint | null;
  closeReason: CloseReason | null;
  closeMarkPrice: bigint | null;
  closePrice: bigint | null;
  profit: bigint | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}
