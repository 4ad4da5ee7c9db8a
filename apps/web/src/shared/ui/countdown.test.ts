import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it('is 0 when idle or over', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(1000, 1000)).toBe(0);
    expect(secondsLeft(1000, 5000)).toBe(0);
  });

  it('counts a started second', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
  });
});
