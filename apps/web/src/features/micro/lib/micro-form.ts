import type { MicroCurrency } from '@exchange/contract';
import {
  compareDecimals,
  decimalText,
  isPositiveDecimal,
  multiplyScaled,
  parseDecimal,
  rescaleScaled,
  shiftDecimal,
  wireDecimal,
} from '../../../shared/format/number';

/**
 * The stake of an order: a typed (custom) amount above zero wins over the chosen preset; null
 * when neither is a positive amount. Returned as the wire wants it (`"50"`, `"12.5"`).
 */
export function chosenStake(custom: string, preset: string | null): string | null {
  if (isPositiveDecimal(custom)) return wireDecimal(custom);
  if (preset !== null && isPositiveDecimal(preset)) return wireDecimal(preset);
  return null;
}

/** What the confirmation shows: the fee, the gain if right and the payout (stake + gain). */
export interface MicroPreview {
  stake: string;
  fee: string;
  gain: string;
  payout: string;
}

/** `value × rate` rounded down to `decimals` places, as decimal text; exact (no float). */
function floorProduct(value: string, rate: string, decimals: number): bigint {
  const a = parseDecimal(value);
  const b = parseDecimal(rate);
  if (a === null || b === null) return 0n;
  return rescaleScaled(multiplyScaled(a, b), decimals, 'floor').units;
}

/**
 * The server's maths of an order (engine `micro`): fee = stake × fee rate and gain = stake ×
 * profit ratio, each rounded down to the currency's decimals; a right call pays stake + gain.
 */
export function microPreview(
  stake: string,
  feeRate: string,
  profitRatio: string,
  decimals: number,
): MicroPreview {
  const stakeUnits = rescaleScaled(
    parseDecimal(stake) ?? { units: 0n, scale: 0 },
    decimals,
    'floor',
  ).units;
  const fee = floorProduct(stake, feeRate, decimals);
  const gain = floorProduct(stake, profitRatio, decimals);
  const text = (units: bigint) => decimalText({ units, scale: decimals });
  return {
    stake: text(stakeUnits),
    fee: text(fee),
    gain: text(gain),
    payout: text(stakeUnits + gain),
  };
}

/** A problem of the stake, as the i18n key of its message and the key's parameters. */
export interface StakeProblem {
  key: string;
  params?: Record<string, string>;
}

/**
 * The first thing wrong with the stake, checked before the confirmation (the server checks
 * again): none, outside the currency's limits (max 0: no upper limit), or more than the balance
 * can hold with the fee.
 */
export function stakeProblem(
  stake: string | null,
  currency: Pick<MicroCurrency, 'code' | 'min_number' | 'max_number' | 'micro_account'>,
  fee: string,
): StakeProblem | null {
  if (stake === null) return { key: 'micro.p_number' };
  const { min_number: min, max_number: max } = currency;
  const below = compareDecimals(stake, min) === -1;
  const above = isPositiveDecimal(max) && compareDecimals(stake, max) === 1;
  if (below || above) {
    return {
      key: 'micro.stake_range',
      params: { min: wireDecimal(min), max: wireDecimal(max), currency: currency.code },
    };
  }
  const total = parseDecimal(stake);
  const feeValue = parseDecimal(fee);
  if (total !== null && feeValue !== null) {
    const needed = decimalText(addScaled(total, feeValue));
    if (compareDecimals(needed, currency.micro_account.balance) === 1) {
      return { key: 'second.form.noBalance', params: { currency: currency.code } };
    }
  }
  return null;
}

function addScaled(
  a: { units: bigint; scale: number },
  b: { units: bigint; scale: number },
): { units: bigint; scale: number } {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

/** A profit ratio as a percent figure: `"0.8"` → `"80"`, `"0.825"` → `"82.5"`. */
export function ratioPercent(ratio: string): string {
  return shiftDecimal(ratio, 2) ?? ratio;
}

/** How many decimals a decimal text has (`"82.5"` → 1), to show a percent without cutting it. */
export function decimalsOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/**
 * Time left as a clock: `00:05`, `04:59`, `1:00:00` from one hour; a started second counts
 * (999 ms left is `00:01`), nothing left is `00:00`.
 */
export function formatRemain(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${String(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
