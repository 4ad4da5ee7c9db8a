import type { MicroIndexEvidence } from '@exchange/contract';
import {
  compareDecimals,
  decimalText,
  divideScaled,
  multiplyScaled,
  parseDecimal,
  rescaleScaled,
  type ScaledDecimal,
} from '../../../shared/format/number';

/**
 * The index of a settlement, recomputed in the browser from the trades its evidence lists (engine
 * `micro.priceIndex`): the volume-weighted average Σ price × qty ÷ Σ qty of the window's trades
 * that are not the order owner's, rounded down to the pair's price step, when they are at least
 * the pair's minimum count and volume; else no index (void). Exact decimal arithmetic on the
 * wire's strings: no float touches a price or a quantity.
 */

type Side = Pick<
  MicroIndexEvidence,
  | 'trades'
  | 'source'
  | 'index'
  | 'volume'
  | 'counted'
  | 'excluded_own'
  | 'min_trades'
  | 'min_volume'
>;

/** Whether the index was made under the volume-weighted rule: it carries the minimums it used. */
export function isVolumeWeighted(
  side: Pick<MicroIndexEvidence, 'min_trades' | 'min_volume'>,
): boolean {
  return (
    side.min_trades !== null &&
    side.min_trades !== undefined &&
    side.min_volume !== null &&
    side.min_volume !== undefined
  );
}

/** The index as the listed trades make it. */
export interface IndexCheck {
  /** Trades that count (those not the owner's), by id. */
  countedIds: Set<number>;
  /** How many of the owner's trades were left out. */
  excludedOwn: number;
  /** Σ quantity of the counted trades (base currency). */
  volume: string;
  /** Σ price × quantity of the counted trades (quote currency). */
  notional: string;
  /** The counted trades reach both minimums. */
  enough: boolean;
  /** Σ price × qty ÷ Σ qty rounded down at the price decimals; null when not enough (void). */
  index: string | null;
  /**
   * The server's figures agree: the same index (or both void), and the same counted trades,
   * volume and own trades left out where the evidence states them.
   */
  matches: boolean;
}

const ZERO: ScaledDecimal = { units: 0n, scale: 0 };

function add(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: rescaleScaled(a, scale, 'floor').units + rescaleScaled(b, scale, 'floor').units,
    scale,
  };
}

const sameDecimal = (a: string, b: string) => compareDecimals(a, b) === 0;

/**
 * Recomputes one side of the evidence at the pair's price decimals. Null when the side cannot be
 * recomputed: it was made before the volume-weighted rule (no minimums, or a trade without its
 * quantity), or a figure is not a decimal.
 */
export function recomputeIndex(side: Side, priceDecimals: number): IndexCheck | null {
  if (!isVolumeWeighted(side)) return null;
  const minVolume = parseDecimal(side.min_volume ?? '');
  if (minVolume === null) return null;
  const countedIds = new Set<number>();
  let excludedOwn = 0;
  let volume = ZERO;
  let notional = ZERO;
  for (const trade of side.trades) {
    if (trade.qty === undefined) return null;
    const price = parseDecimal(trade.price);
    const qty = parseDecimal(trade.qty);
    if (price === null || qty === null) return null;
    if (trade.own === true) {
      excludedOwn += 1;
      continue;
    }
    countedIds.add(trade.id);
    volume = add(volume, qty);
    notional = add(notional, multiplyScaled(price, qty));
  }
  const minTrades = side.min_trades ?? 0;
  const enough =
    countedIds.size > 0 &&
    volume.units > 0n &&
    countedIds.size >= minTrades &&
    compareDecimals(decimalText(volume), decimalText(minVolume)) !== -1;
  const average = enough ? divideScaled(notional, volume, priceDecimals, 'floor') : null;
  const index = average === null ? null : decimalText(average);
  const volumeText = decimalText(volume);
  const matches =
    (index === null
      ? side.index === null
      : side.index !== null && sameDecimal(index, side.index)) &&
    (side.source === 'trades') === enough &&
    (side.counted === undefined || side.counted === countedIds.size) &&
    (side.volume === undefined || sameDecimal(side.volume, volumeText)) &&
    (side.excluded_own === undefined || side.excluded_own === excludedOwn);
  return {
    countedIds,
    excludedOwn,
    volume: volumeText,
    notional: decimalText(notional),
    enough,
    index,
    matches,
  };
}
