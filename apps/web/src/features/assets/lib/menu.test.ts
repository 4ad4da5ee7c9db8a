import { describe, expect, it } from 'vitest';
import {
  accountLabelKey,
  accountTypeOfCode,
  accountTypeOfRoute,
  menuHref,
  menuItemOf,
  MENU_ITEMS,
} from './menu';

describe('assets menu (spec 2 §2)', () => {
  it('lists the account pages, then transfer, withdraw, addresses and records', () => {
    expect(MENU_ITEMS.slice(0, 3)).toEqual(['tradeAccount', 'leverAccount', 'secondAccount']);
    expect(MENU_ITEMS).toHaveLength(10);
  });

  it('highlights the entry of the page shown', () => {
    expect(menuItemOf('/assets/leverAccount')).toBe('leverAccount');
    expect(menuItemOf('/assets/withdraw')).toBe('withdraw');
    expect(menuItemOf('/assets/withdrawLog')).toBe('withdrawLog');
    expect(menuItemOf('/assets/transferLog')).toBe('transfer');
    expect(menuItemOf('/assets/TRADEACCOUNT')).toBe('tradeAccount');
    expect(menuItemOf('/assets')).toBeUndefined();
    expect(menuItemOf('/trade')).toBeUndefined();
  });

  it('opens the deal records on the trade account', () => {
    expect(menuHref('dealRecords')).toBe('/assets/dealRecords?types=change_account');
    expect(menuHref('bindAddr')).toBe('/assets/bindAddr');
  });

  it('maps account routes, codes and labels to account types', () => {
    expect(accountTypeOfRoute('tradeAccount')).toBe(1);
    expect(accountTypeOfRoute('secondAccount')).toBe(4);
    expect(accountTypeOfRoute('transfer')).toBeUndefined();
    expect(accountTypeOfCode('lever_account')).toBe(3);
    expect(accountTypeOfCode('5')).toBe(5);
    expect(accountTypeOfCode(null)).toBe(1);
    expect(accountTypeOfCode('nonsense')).toBe(1);
    expect(accountLabelKey(2)).toBe('assets.menu.legalAccount');
    expect(accountLabelKey(42)).toBeNull();
  });
});
