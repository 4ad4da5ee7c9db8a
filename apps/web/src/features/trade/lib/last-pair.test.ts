import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../shared/store/storage';
import { LAST_PAIR_KEY, readLastPair, resolvePair, writeLastPair } from './last-pair';

function match(id: number, open: 0 | 1 = 1): CurrencyMatch {
  return {
    id,
    symbol: `C${String(id)}/USDT`,
    base_currency_id: id + 10,
    quote_currency_id: 1,
    base_currency_code: `C${String(id)}`,
    quote_currency_code: 'USDT',
    base_currency: { logo: '' },
    open_change: open,
    open_lever: 0,
    open_microtrade: 0,
    lever_point_rate: '0',
    lever_share_num: '0',
    lever_fee_rate: '0',
    added: false,
    price_decimals: 2,
    qty_decimals: 6,
    min_qty: '0.0001',
    maker_fee_rate: '0.001',
    taker_fee_rate: '0.002',
    currency_quotation: {
      currency_match_id: id,
      close: '1',
      change: '0',
      high: '1',
      low: '1',
      volume: '0',
    },
  };
}

const groups: QuoteGroup[] = [
  {
    id: 1,
    code: 'USDT',
    is_quote: 1,
    cny_price: '7',
    usd_price: '1',
    matches: [match(1), match(2, 0), match(3)],
  },
  { id: 2, code: 'BTC', is_quote: 1, cny_price: '1', usd_price: '1', matches: [match(7)] },
];

describe('resolvePair (spec 1 §2: /trade?id=<row index>)', () => {
  it('takes the open pair at the URL index', () => {
    expect(resolvePair(groups, '1', null)?.pair.id).toBe(3);
    expect(resolvePair(groups, '2', 1)).toMatchObject({ index: 2, pair: { id: 7 } });
  });

  it('falls back to the remembered pair, then the first', () => {
    expect(resolvePair(groups, null, 7)?.index).toBe(2);
    expect(resolvePair(groups, '99', 3)?.index).toBe(1);
    expect(resolvePair(groups, 'x', null)?.index).toBe(0);
    expect(resolvePair(groups, null, 2)?.pair.id).toBe(1); // pair 2 is closed
  });

  it('is null without open pairs', () => {
    expect(resolvePair([], '0', null)).toBeNull();
  });
});

describe('last pair storage', () => {
  it('remembers the market id', () => {
    const storage = memoryStorage();
    expect(readLastPair(storage)).toBeNull();
    writeLastPair(storage, 7);
    expect(storage.getItem(LAST_PAIR_KEY)).toBe('7');
    expect(readLastPair(storage)).toBe(7);
    expect(readLastPair(memoryStorage({ [LAST_PAIR_KEY]: 'abc' }))).toBeNull();
  });
});
