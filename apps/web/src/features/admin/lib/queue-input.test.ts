import { describe, expect, it } from 'vitest';
import { checkIdentityReason, checkReply } from './queue-input';

describe('identity and feedback inputs', () => {
  it('wants a rejection reason of at least 3 characters, spaces aside', () => {
    expect(checkIdentityReason('')).toBe('identity.p_reason');
    expect(checkIdentityReason('  ab ')).toBe('identity.p_reason');
    expect(checkIdentityReason('Blurry')).toBeNull();
  });

  it('wants a reply that is not blank', () => {
    expect(checkReply('')).toBe('feedback.p_reply');
    expect(checkReply(' \n ')).toBe('feedback.p_reply');
    expect(checkReply('Done')).toBeNull();
  });
});
