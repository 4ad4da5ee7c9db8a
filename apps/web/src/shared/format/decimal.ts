import { AMOUNT_DISPLAY_DECIMALS, ELLIPSIS_MIN_LENGTH } from '@exchange/contract';

/**
 * Truncates (floors toward zero) a decimal string to `places` decimals without going through a
 * float (spec 1 §5: the decimal filter floors to 2 places by default). Trailing zeros are kept.
 */
export function truncateDecimal(value: string, places = AMOUNT_DISPLAY_DECIMALS): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(kept);
  const digits = places > 0 ? `${whole}.${kept}` : whole;
  return isZero ? digits : sign + digits;
}

/** Strings longer than 9 characters lose their last 4 and gain an ellipsis (spec 1 §9). */
export function ellipsis(value: string): string {
  return value.length > ELLIPSIS_MIN_LENGTH ? `${value.slice(0, -4)}…` : value;
}
