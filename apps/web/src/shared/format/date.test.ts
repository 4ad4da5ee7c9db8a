import { describe, expect, it } from 'vitest';
import { formatZoneDateTime } from './date';

describe('formatZoneDateTime', () => {
  it('shows a moment in UTC+7, whatever the local zone', () => {
    expect(formatZoneDateTime(Date.UTC(2024, 4, 1, 7, 3, 9))).toBe('2024-05-01 14:03:09');
    expect(formatZoneDateTime(Date.UTC(2024, 11, 31, 17, 0, 0))).toBe('2025-01-01 00:00:00');
  });
});
