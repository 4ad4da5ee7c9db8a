import type { ScaledDecimal } from '../../../shared/format/decimal';

/**
 * Rounded decimal arithmetic for the order form, on the shared integer-unit decimals: money and
 * quantities never pass through a float (decimal strings on the wire, spec 1 §5).
 */

export type Rounding = 'floor' | 'ceil';

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** `numerator / denominator` rounded toward −∞ (floor) or +∞ (ceil); BigInt alone truncates. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  if (rounding === 'floor') return negative ? quotient - 1n : quotient;
  return negative ? quotient : quotient + 1n;
}

/** The same value at another scale; digits below the new scale are rounded as asked. */
export function rescale(value: ScaledDecimal, scale: number, rounding: Rounding): ScaledDecimal {
  if (scale >= value.scale) return { units: value.units * pow10(scale - value.scale), scale };
  return { units: divideRounded(value.units, pow10(value.scale - scale), rounding), scale };
}

export function multiply(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** `a / b` at `scale` decimals, rounded as asked; null when `b` is zero. */
export function divide(
  a: ScaledDecimal,
  b: ScaledDecimal,
  scale: number,
  rounding: Rounding,
): ScaledDecimal | null {
  if (b.units === 0n) return null;
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scaled up by 10^scale.
  const numerator = a.units * pow10(scale + b.scale);
  const denominator = b.units * pow10(a.scale);
  return { units: divideRounded(numerator, denominator, rounding), scale };
}
