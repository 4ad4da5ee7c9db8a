import { describe, expect, it } from 'vitest';
import { AFTER_TRADE_PASSWORD, backTarget } from './go-back';

describe('back one page after the trade password (spec 3 §7)', () => {
  it('goes back when the app showed an earlier page in this tab', () => {
    expect(backTarget({ idx: 3, key: 'x', usr: null })).toBe(-1);
  });

  it('goes to the trade account when the page was opened first', () => {
    expect(backTarget({ idx: 0 })).toBe(AFTER_TRADE_PASSWORD);
    expect(backTarget(null)).toBe(AFTER_TRADE_PASSWORD);
    expect(backTarget({ idx: '2' })).toBe(AFTER_TRADE_PASSWORD);
  });
});
