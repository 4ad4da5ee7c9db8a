import { describe, expect, it } from 'vitest';
import { identityState, securityView } from './security';

describe('securityView', () => {
  it('labels 50 low, 75 middle, 100 high and 125 strong', () => {
    expect(securityView(50)).toEqual({ label: 'low', percent: 40, tone: 'low' });
    expect(securityView(75)).toEqual({ label: 'middle', percent: 60, tone: 'middle' });
    expect(securityView(100)).toEqual({ label: 'high', percent: 80, tone: 'good' });
    expect(securityView(125)).toEqual({ label: 'strong', percent: 100, tone: 'good' });
  });

  it('keeps the bar within 0 to 100', () => {
    expect(securityView(0).percent).toBe(0);
    expect(securityView(-5).percent).toBe(0);
    expect(securityView(150).percent).toBe(100);
  });
});

describe('identityState', () => {
  it('reads review_status', () => {
    expect(identityState(0)).toBe('none');
    expect(identityState(1)).toBe('pending');
    expect(identityState(2)).toBe('approved');
    expect(identityState(3)).toBe('rejected');
    expect(identityState(9)).toBe('none');
  });
});
