/**
 * The checks of the leverage desk's forms, mirroring the server's (a refused value is said at
 * the field before anything is sent; the server checks again).
 */

/** Why a value is refused, as the key of its message under `admin.lever.problem`. */
export type LeverProblem =
  | 'required'
  | 'number'
  | 'pointRate'
  | 'feeRate'
  | 'overnightRate'
  | 'shareSize'
  | 'shareDecimals'
  | 'multiples'
  | 'hands'
  | 'handsOrder'
  | 'openInterest'
  | 'stopOut'
  | 'amount'
  | 'reason'
  | 'minDepth'
  | 'band'
  | 'window'
  | 'multiple';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** A rate `0 ≤ x < below`, or the problem. */
export function checkRate(text: string, below: number, problem: LeverProblem): LeverProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!DECIMAL.test(value)) return 'number';
  return Number(value) < below ? null : problem;
}

export const checkPointRate = (text: string) => checkRate(text, 0.5, 'pointRate');
export const checkFeeRate = (text: string) => checkRate(text, 1, 'feeRate');
export const checkOvernightRate = (text: string) => checkRate(text, 0.1, 'overnightRate');

/** The base quantity of one hand: above zero, at most the pair's quantity decimals. */
export function checkShareSize(text: string, qtyDecimals: number): LeverProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!DECIMAL.test(value)) return 'number';
  const decimals = value.split('.')[1]?.length ?? 0;
  if (decimals > qtyDecimals) return 'shareDecimals';
  return Number(value) > 0 ? null : 'shareSize';
}

/** "10, 20,50" → [10, 20, 50]: whole numbers 1 to 1000, at most 20, no repeats; or null. */
export function parseMultiples(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0 || parts.length > 20) return null;
  const values: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,4}$/.test(part)) return null;
    const value = Number(part);
    if (value < 1 || value > 1000 || values.includes(value)) return null;
    values.push(value);
  }
  return values;
}

/** A whole number in [min, max], or null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const value = text.trim();
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Hands of one position: 1 to 1,000,000. */
export const parseHands = (text: string) => parseWhole(text, 1, 1_000_000);
/** Largest open interest in hands; 0 is no limit. */
export const parseOpenInterest = (text: string) => parseWhole(text, 0, 1_000_000_000);

/** The stop-out level: a percent from 1 to 99 (decimals allowed). */
export function checkStopOut(text: string): LeverProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!DECIMAL.test(value)) return 'number';
  const n = Number(value);
  return n >= 1 && n <= 99 ? null : 'stopOut';
}

/** A signed amount for the ledger: not zero, at most 18 decimals. */
export function checkAmount(text: string): LeverProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^-?\d{1,30}(\.\d{1,18})?$/.test(value)) return 'number';
  return /[1-9]/.test(value) ? null : 'amount';
}

/** The reason recorded with an adjustment: at least 3 characters. */
export function checkReason(text: string): LeverProblem | null {
  return text.trim().length >= 3 ? null : 'reason';
}

/** Decimal strings equal as numbers ("0.10" and "0.1"). */
export function sameDecimal(a: string, b: string): boolean {
  return Number(a.trim()) === Number(b.trim()) && a.trim() !== '';
}

/** House ÷ exposure as a percent text, or null when nothing is owed. */
export function coverRatio(house: string, exposure: string): string | null {
  const owed = Number(exposure);
  if (!(owed > 0)) return null;
  return ((Number(house) / owed) * 100).toFixed(2);
}

/**
 * A plain non-negative decimal as an integer of 10^-decimals units (exact, no float); null when
 * it is not one or has more decimals.
 */
export function exactUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,20})(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return BigInt((match[1] ?? '0') + fraction.padEnd(decimals, '0'));
}

/** Within [min, below) at `decimals`, exactly; `positive` refuses zero. */
function exactRange(
  text: string,
  decimals: number,
  min: bigint,
  below: bigint,
  problem: LeverProblem,
): LeverProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!DECIMAL.test(value)) return 'number';
  const n = exactUnits(value, decimals);
  return n !== null && n >= min && n < below ? null : problem;
}

/** The mark's minimum depth, a quote amount: 0 to below 10^12, at most `decimals` decimals. */
export const checkMinDepth = (text: string, decimals: number) =>
  exactRange(text, decimals, 0n, 10n ** BigInt(12 + decimals), 'minDepth');
/** The mark's band, a fraction: above 0 and below 0.5, at most 6 decimals. */
export const checkBand = (text: string) => exactRange(text, 6, 1n, 500_000n, 'band');
/** The manipulation multiple: above 0 and at most 1000, at most 6 decimals. */
export const checkMultiple = (text: string) => exactRange(text, 6, 1n, 1_000_000_001n, 'multiple');
/** The mark's window in whole seconds, 5 to 3600, or null. */
export const parseWindow = (text: string) => parseWhole(text, 5, 3600);
