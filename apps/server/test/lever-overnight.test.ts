import { describe, expect, it } from 'vitest';
import { bangkokDay, untilBangkokMidnight } from '../src/domains/lever/index.js';

describe('the overnight fee clock (Asia/Bangkok, UTC+7)', () => {
  it('names the Bangkok date of an instant', () => {
    expect(bangkokDay(Date.UTC(2026, 10, 25, 16, 59, 59))).toBe('2026-11-25');
    expect(bangkokDay(Date.UTC(2026, 10, 25, 17, 0, 0))).toBe('2026-11-26');
  });

  it('counts down to the next 00:00 in Bangkok (17:00 UTC)', () => {
    expect(untilBangkokMidnight(Date.UTC(2026, 10, 25, 16, 0, 0))).toBe(3_600_000);
    expect(untilBangkokMidnight(Date.UTC(2026, 10, 25, 17, 0, 0))).toBe(86_400_000);
    expect(untilBangkokMidnight(Date.UTC(2026, 10, 25, 17, 0, 1))).toBe(86_399_000);
  });
});
