import { describe, expect, it } from 'vitest';
import { PERSONAL_MENU, personalHref, personalMenuItemOf } from './menu';

describe('the account area menu', () => {
  it('lists the six pages in order', () => {
    expect(PERSONAL_MENU.map(personalHref)).toEqual([
      '/personal/accountSettings',
      '/personal/transactionLog',
      '/personal/collectionSettings',
      '/personal/authentication',
      '/personal/setBank',
      '/personal/feedback',
    ]);
  });

  it('finds the entry of a path in any case', () => {
    expect(personalMenuItemOf('/personal/setBank')).toBe('setBank');
    expect(personalMenuItemOf('/personal/TRANSACTIONLOG')).toBe('transactionLog');
    expect(personalMenuItemOf('/personal/feedback/')).toBe('feedback');
    expect(personalMenuItemOf('/personal/nope')).toBeUndefined();
    expect(personalMenuItemOf('/assets/tradeAccount')).toBeUndefined();
  });
});
