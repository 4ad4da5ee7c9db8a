import { describe, expect, it } from 'vitest';
import { countdownText, isCountdownUrgent } from './countdown';

const NOW = 1_800_000_000_000;

describe('countdownText', () => {
  it('shows minutes and seconds to the end', () => {
    expect(countdownText(NOW + 900_000, NOW)).toBe('15:00');
    expect(countdownText(NOW + 65_000, NOW)).toBe('01:05');
    expect(countdownText(NOW + 9_000, NOW)).toBe('00:09');
  });

  it('counts a started second', () => {
    expect(countdownText(NOW + 899_001, NOW)).toBe('15:00');
    expect(countdownText(NOW + 1, NOW)).toBe('00:01');
  });

  it('keeps counting minutes beyond an hour', () => {
    expect(countdownText(NOW + 75 * 60_000, NOW)).toBe('75:00');
  });

  it('stops at 00:00', () => {
    expect(countdownText(NOW, NOW)).toBe('00:00');
    expect(countdownText(NOW - 5_000, NOW)).toBe('00:00');
  });

  it('is urgent in the last minute', () => {
    expect(isCountdownUrgent(NOW + 61_000, NOW)).toBe(false);
    expect(isCountdownUrgent(NOW + 60_000, NOW)).toBe(true);
    expect(isCountdownUrgent(NOW - 1, NOW)).toBe(true);
  });
});
