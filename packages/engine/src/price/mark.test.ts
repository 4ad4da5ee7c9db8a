import { describe, expect, it } from 'vitest';
import { PPM } from './depth.js';
import { markPrice, pruneSamples, type MidSample } from './mark.js';

const MINUTE = 60_000;
const BAND_2 = (2n * PPM) / 100n; // 2 %
const s = (at: number, mid: bigint | null): MidSample => ({ at, mid });

describe('markPrice', () => {
  it('is the time-weighted average of the mid over the window', () => {
    // 100.00 for 30 s, 103.00 for 30 s: 101.50, and the current mid is within the band of it.
    const mark = markPrice([s(0, 10_000n), s(30_000, 10_300n)], MINUTE, MINUTE, BAND_2);
    expect(mark).toEqual({ status: 'ok', value: 10_300n, average: 10_150n });
  });

  it('weights each mid by how long it stood, not by how often it was seen', () => {
    // Ten quick samples at 200 in the last second weigh one second; 100 stood for 59 s.
    const quick = Array.from({ length: 10 }, (_, i) => s(59_000 + i * 100, 20_000n));
    const mark = markPrice([s(0, 10_000n), ...quick], MINUTE, MINUTE, BAND_2);
    // (100 × 59 + 200 × 1) / 60 = 101.666… → 101.66 (rounded down).
    expect(mark.average).toBe(10_166n);
  });

  it('counts a sample from before the window only from the window start', () => {
    const mark = markPrice([s(-500_000, 10_000n), s(30_000, 11_000n)], MINUTE, MINUTE, 0n);
    expect(mark.average).toBe(10_500n);
    // A band of zero pins the mark to the average.
    expect(mark.value).toBe(10_500n);
  });

  it('clamps the current mid to the band around the average, both ways', () => {
    // 60 s at 64,870.00, then a push to 132,565.00 for the last 16 ms (the reviewed attack).
    const samples = [s(0, 6_487_000n), s(MINUTE - 16, 13_256_500n)];
    const up = markPrice(samples, MINUTE, MINUTE, BAND_2);
    // Average (6,487,000 × 59,984 + 13,256,500 × 16) / 60,000 = 6,488,805 (rounded down).
    expect(up.average).toBe(6_488_805n);
    expect(up.value).toBe((6_488_805n * 102n) / 100n); // 66,185.81
    expect(up.status).toBe('ok');
    const down = markPrice([s(0, 10_000n), s(MINUTE - 1, 1n)], MINUTE, MINUTE, BAND_2);
    // Average 9,999 (rounded down): the floor is 98 % of it, rounded up.
    expect(down.average).toBe(9_999n);
    expect(down.value).toBe(9_800n);
  });

  it('never lies more than the band from the average', () => {
    for (const current of [1n, 9_000n, 9_999n, 10_000n, 10_001n, 11_000n, 10n ** 12n]) {
      const mark = markPrice([s(0, 10_007n), s(59_999, current)], MINUTE, MINUTE, BAND_2);
      const avg = mark.average as bigint;
      const value = mark.value as bigint;
      const off = value > avg ? value - avg : avg - value;
      expect(off * PPM <= avg * BAND_2, `current ${current}`).toBe(true);
    }
  });

  it('is thin when the book is thin now, whatever it was before', () => {
    const mark = markPrice([s(0, 10_000n), s(59_000, null)], MINUTE, MINUTE, BAND_2);
    expect(mark).toEqual({ status: 'thin', value: null, average: null });
  });

  it('is thin with no samples, or a window of zero', () => {
    expect(markPrice([], MINUTE, MINUTE, BAND_2).status).toBe('thin');
    expect(markPrice([s(0, 10_000n)], MINUTE, 0, BAND_2).status).toBe('thin');
  });

  it('leaves gaps (a thin book) out of the average and the coverage', () => {
    // Thin from 10 s to 20 s: the average is of the 50 s with a mid.
    const gap = [s(0, 10_000n), s(10_000, null), s(20_000, 11_000n)];
    const mark = markPrice(gap, MINUTE, MINUTE, BAND_2);
    expect(mark.status).toBe('ok');
    // (100 × 10 + 110 × 40) / 50 = 108.
    expect(mark.average).toBe(10_800n);
  });

  it('is thin when the book gave a mid for less than half the window', () => {
    // Thin for 40 s of 60: 20 s of mids.
    const long = [s(0, 10_000n), s(10_000, null), s(50_000, 10_000n)];
    expect(markPrice(long, MINUTE, MINUTE, BAND_2).status).toBe('thin');
    // Just started watching: 29.999 s of mids, then exactly half.
    expect(markPrice([s(30_001, 10_000n)], MINUTE, MINUTE, BAND_2).status).toBe('thin');
    expect(markPrice([s(30_000, 10_000n)], MINUTE, MINUTE, BAND_2)).toEqual({
      status: 'ok',
      value: 10_000n,
      average: 10_000n,
    });
  });

  it('ignores samples stamped after now', () => {
    const mark = markPrice([s(0, 10_000n), s(MINUTE + 5, 20_000n)], MINUTE, MINUTE, BAND_2);
    // The latest sample is the current book: clamped to the average of what stood until now.
    expect(mark.average).toBe(10_000n);
    expect(mark.value).toBe(10_200n);
  });
});

describe('pruneSamples', () => {
  it('drops what no window needs and keeps the sample in force at the window start', () => {
    const samples = [s(0, 1n), s(10_000, 2n), s(20_000, 3n), s(70_000, 4n)];
    const kept = pruneSamples(samples, 90_000, MINUTE);
    // The window starts at 30 s: the sample of 20 s stands then.
    expect(kept.map((x) => x.at)).toEqual([20_000, 70_000]);
    expect(markPrice(kept, 90_000, MINUTE, 0n)).toEqual(markPrice(samples, 90_000, MINUTE, 0n));
  });

  it('keeps the last sample however old, and returns the same list when nothing goes', () => {
    const samples = [s(0, 1n)];
    expect(pruneSamples(samples, 10 * MINUTE, MINUTE)).toBe(samples);
    const two = [s(0, 1n), s(10, 2n)];
    expect(pruneSamples(two, 10 * MINUTE, MINUTE)).toEqual([s(10, 2n)]);
  });
});
