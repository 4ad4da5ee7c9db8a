import { pow10, SCALE, units } from '../core/amounts.js';

/**
 * Quantities from a worth in US dollars, through the currency's `usd_price`: exact integer maths
 * on ledger units. Null when the currency has no price.
 */
export function unitsWorth(usd: bigint, usdPrice: string): bigint | null {
  const price = units(usdPrice);
  return price > 0n ? (usd * pow10(SCALE) * pow10(SCALE)) / price : null;
}

/** Whole lots of a market's base currency worth about `usd`, at least `minLots`. */
export function lotsWorth(usd: bigint, usdPrice: string, qtyDecimals: number, minLots: bigint) {
  const worth = unitsWorth(usd, usdPrice);
  const lots = worth === null ? minLots : worth / pow10(SCALE - qtyDecimals);
  return lots > minLots ? lots : minLots;
}
