import type { CloseReason, MarkStatus } from '@exchange/contract';

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

/** A user's new position (`status` 1, at the market) or limit entrust (`status` 0). */
export interface SubmitInput {
  userId: number;
  marketId: number;
  side: 1 | 2;
  /** 0 limit entrust at `targetPrice`, 1 at the market. */
  status: 0 | 1;
  share: number;
  multiple: number;
  targetPrice: string | null;
}

/** What an operator may change of a pair's terms (validated by the caller, see admin-routes.ts). */
export type TermsInput = Partial<
  Pick<
    LeverTerms,
    | 'open'
    | 'pointRate'
    | 'shareNum'
    | 'feeRate'
    | 'multiples'
    | 'minShare'
    | 'maxShare'
    | 'overnightRate'
    | 'maxOpenInterest'
    | 'markMinDepth'
    | 'markBand'
    | 'markWindowS'
    | 'manipulationMultiple'
  >
>;

/** A pair's mark now in ledger units (the quote amounts within the band too). */
export interface PairMark {
  status: MarkStatus;
  value: bigint | null;
  average: bigint | null;
  bidDepth: bigint;
  askDepth: bigint;
}
