import { PRICE_BAND } from '@exchange/contract';

/** What the operator typed for a setting: a whole number within the setting's range, or why not. */
export type SettingInput = { value: number } | { problem: 'empty' | 'range' };

export function parseSettingInput(text: string, range: { min: number; max: number }): SettingInput {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  // Digits only: "1e3", "0x10" and "1.0" are numbers to JavaScript but not what the page asks for.
  if (!/^\d{1,15}$/.test(trimmed)) return { problem: 'range' };
  const value = Number(trimmed);
  return value >= range.min && value <= range.max ? { value } : { problem: 'range' };
}

/** The limit the server applies: the base value times RATE_LIMIT_FACTOR. */
export function effectiveValue(value: number, factor: number): number {
  return value * factor;
}

/** What the operator typed for a pair's price band: a fraction within its range, or why not. */
export type BandInput = { value: string } | { problem: 'empty' | 'range' };

/** A band's fraction in ten-thousandths ("0.1" → 1000n); null when it is not one (read as text). */
function bandUnits(text: string): bigint | null {
  const match = /^(\d{1,3})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  // More decimals than a basis point only when they are zeros ("0.10000" is 0.1).
  if (/[1-9]/.test(fraction.slice(PRICE_BAND.decimals))) return null;
  const digits = fraction.slice(0, PRICE_BAND.decimals).padEnd(PRICE_BAND.decimals, '0');
  return BigInt(whole) * 10n ** BigInt(PRICE_BAND.decimals) + BigInt(digits);
}

/** Ten-thousandths as the shortest fraction: 1000n → "0.1", 10000n → "1". */
function bandText(units: bigint): string {
  const scale = 10n ** BigInt(PRICE_BAND.decimals);
  const fraction = (units % scale).toString().padStart(PRICE_BAND.decimals, '0').replace(/0+$/, '');
  return `${units / scale}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A price band as typed ("0.1" for 10 %), within the band's range (decimal strings), compared as
 * integers, never floats; the value is sent as the shortest fraction.
 */
export function parseBandInput(text: string, range: { min: string; max: string }): BandInput {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  const units = bandUnits(trimmed);
  const min = bandUnits(range.min);
  const max = bandUnits(range.max);
  if (units === null || min === null || max === null || units < min || units > max) {
    return { problem: 'range' };
  }
  return { value: bandText(units) };
}

/** A band's fraction as a percentage: "0.1" → "10", "0.0005" → "0.05"; the text when not one. */
export function bandPercent(fraction: string): string {
  const units = bandUnits(fraction);
  if (units === null) return fraction;
  const whole = units / 100n;
  const rest = (units % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}`;
}
