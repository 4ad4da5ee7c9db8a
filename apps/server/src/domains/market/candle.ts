/** One bar in ledger units (18 decimals); `isDemo` marks bars that hold generated demo data. */
export interface Candle {
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  isDemo: boolean;
}

export function newCandle(openTime: number, price: bigint, qty: bigint): Candle {
  return {
    openTime,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: qty,
    isDemo: false,
  };
}

/** Adds a later trade to a bar. */
export function addTrade(candle: Candle, price: bigint, qty: bigint) {
  if (price > candle.high) candle.high = price;
  if (price < candle.low) candle.low = price;
  candle.close = price;
  candle.volume += qty;
}
