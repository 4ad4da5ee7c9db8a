import { PPM } from './depth.js';

/** The book's depth mid from a moment on (null: the book was thin then). */
export interface MidSample {
  at: number;
  mid: bigint | null;
}

export interface Mark {
  status: 'ok' | 'thin';
  /** The mark: the current depth mid clamped to the band around the average; null when thin. */
  value: bigint | null;
  /** The time-weighted average of the depth mid over the window; null when too little is known. */
  average: bigint | null;
}

/**
 * A mark price that a moment of trading cannot set: the time-weighted average of the depth mid over
 * (now − windowMs, now] (each sample holds until the next one), and the current depth mid clamped
 * to ±bandPpm around that average. Thin (no mark) when the book is thin now, or when the book gave
 * a mid for less than half of the window. Samples in time order; times in ms.
 */
export function markPrice(
  samples: readonly MidSample[],
  now: number,
  windowMs: number,
  bandPpm: bigint,
): Mark {
  const thin: Mark = { status: 'thin', value: null, average: null };
  const current = samples.at(-1);
  if (!current || current.mid === null || windowMs <= 0) return thin;
  const from = now - windowMs;
  let weighted = 0n;
  let covered = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] as MidSample;
    const next = samples[i + 1];
    const start = Math.max(s.at, from);
    const end = Math.min(next ? next.at : now, now);
    if (end <= start || s.mid === null) continue;
    weighted += s.mid * BigInt(end - start);
    covered += end - start;
  }
  if (covered * 2 < windowMs) return thin;
  const average = weighted / BigInt(covered);
  // Inward rounding: the mark never lies more than the band away from the average.
  const lo = (average * (PPM - bandPpm) + PPM - 1n) / PPM;
  const hi = (average * (PPM + bandPpm)) / PPM;
  const value = current.mid < lo ? lo : current.mid > hi ? hi : current.mid;
  return { status: 'ok', value, average };
}

/** Drops samples no window ending at or after `now` needs (keeps the one in force at the start). */
export function pruneSamples(samples: MidSample[], now: number, windowMs: number): MidSample[] {
  const from = now - windowMs;
  let cut = 0;
  while (cut + 1 < samples.length && (samples[cut + 1] as MidSample).at <= from) cut++;
  return cut ? samples.slice(cut) : samples;
}
