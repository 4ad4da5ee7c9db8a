import { ACCOUNT_TYPES } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { accountFilterOf, accountLabelKey, kindKey, typesParam } from './transaction-log';

describe('the transaction log filters', () => {
  it('asks for every account or one type id', () => {
    expect(typesParam('all')).toBe('all');
    expect(typesParam(ACCOUNT_TYPES.lever)).toBe('3');
  });

  it('reads ?account= as a known type id, else every account', () => {
    expect(accountFilterOf(null)).toBe('all');
    expect(accountFilterOf('4')).toBe(ACCOUNT_TYPES.micro);
    expect(accountFilterOf('9')).toBe('all');
    expect(accountFilterOf('abc')).toBe('all');
  });
});

describe('labels', () => {
  it('names account types as the assets menu does', () => {
    expect(accountLabelKey(1)).toBe('assets.menu.tradeAccount');
    expect(accountLabelKey(4)).toBe('assets.menu.secondAccount');
    expect(accountLabelKey(42)).toBeNull();
  });

  it('names journal kinds, leaving unknown ones as they come', () => {
    expect(kindKey('adjust')).toBe('assets.kind.adjust');
    expect(kindKey('order.lock')).toBe('assets.kind.order_lock');
    expect(kindKey('mystery')).toBeNull();
  });
});
