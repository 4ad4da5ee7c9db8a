import { describe, expect, it } from 'vitest';
import { checkReason, checkTxRef, shortAddress } from './review-input';

describe('review inputs', () => {
  it('wants a reason of at least 3 characters, spaces aside', () => {
    expect(checkReason('')).toBe('review.p_reason');
    expect(checkReason(' ab  ')).toBe('review.p_reason');
    expect(checkReason('abc')).toBeNull();
  });

  it('wants a payout reference of at least 4 characters', () => {
    expect(checkTxRef('0xa')).toBe('review.p_tx_ref');
    expect(checkTxRef('  0xab ')).toBeNull();
  });

  it('shortens long addresses in the middle', () => {
    expect(shortAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…gjLj6t');
    expect(shortAddress('short')).toBe('short');
    expect(shortAddress('')).toBe('');
  });
});
