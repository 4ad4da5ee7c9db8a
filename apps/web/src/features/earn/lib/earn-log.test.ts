import { describe, expect, it } from 'vitest';
import { MIN_REFRESH_MS, nextRefreshMs, PAYOUT_GRACE_MS, statusOfTab } from './earn-log';

const NOW = 1_714_532_400_000;

describe('the earning log', () => {
  it('asks ieo/my for the status of a tab', () => {
    expect(statusOfTab('all')).toBeUndefined();
    expect(statusOfTab('active')).toBe(1);
    expect(statusOfTab('expired')).toBe(2);
  });

  it('reads again shortly after the soonest payout of a subscription in effect', () => {
    const rows = [
      { status: 1 as const, next_payout_at: NOW + 60_000 },
      { status: 1 as const, next_payout_at: NOW + 20_000 },
      { status: 2 as const, next_payout_at: null },
    ];
    expect(nextRefreshMs(rows, NOW)).toBe(20_000 + PAYOUT_GRACE_MS);
  });

  it('waits at least MIN_REFRESH_MS, also for a payout already due', () => {
    expect(nextRefreshMs([{ status: 1, next_payout_at: NOW - 10_000 }], NOW)).toBe(MIN_REFRESH_MS);
    expect(nextRefreshMs([{ status: 1, next_payout_at: NOW + 1_000 }], NOW)).toBe(MIN_REFRESH_MS);
  });

  it('does not poll without anything due', () => {
    expect(nextRefreshMs([], NOW)).toBe(false);
    expect(nextRefreshMs([{ status: 2, next_payout_at: null }], NOW)).toBe(false);
    expect(nextRefreshMs([{ status: 1, next_payout_at: null }], NOW)).toBe(false);
    // Beyond what a browser timer holds: no timer (the next visit reads the log anyway).
    expect(nextRefreshMs([{ status: 1, next_payout_at: NOW + 30 * 86_400_000 }], NOW)).toBe(false);
  });
});
