import { describe, expect, it } from 'vitest';
import { makeGroup, makeMatch } from '../../../shared/market/test-fixtures';
import { FAVORITES_TAB, filterBySymbol, rowsOfTab } from './pair-filter';

const groups = [
  makeGroup(1, 'USDT', [
    makeMatch(11, 'BTC', 'USDT', { added: true }),
    makeMatch(12, 'ETH', 'USDT'),
    makeMatch(13, 'DOGE', 'USDT'),
  ]),
  makeGroup(2, 'BTC', [makeMatch(21, 'ETH', 'BTC', { added: true })]),
];
const symbols = (rows: ReturnType<typeof rowsOfTab>) => rows.map((r) => r.match.symbol);

describe('rowsOfTab', () => {
  it('lists the pairs of one quote group with their group', () => {
    expect(symbols(rowsOfTab(groups, 'BTC'))).toEqual(['ETH/BTC']);
    expect(rowsOfTab(groups, 'BTC')[0]?.group.code).toBe('BTC');
    expect(rowsOfTab(groups, 'EUR')).toEqual([]);
  });

  it('lists favourites across groups', () => {
    expect(symbols(rowsOfTab(groups, FAVORITES_TAB))).toEqual(['BTC/USDT', 'ETH/BTC']);
  });
});

describe('filterBySymbol', () => {
  const rows = rowsOfTab(groups, 'USDT');
  it('matches any part of the symbol, ignoring case, spaces and the slash', () => {
    expect(symbols(filterBySymbol(rows, 'eth'))).toEqual(['ETH/USDT']);
    expect(symbols(filterBySymbol(rows, ' doge/u '))).toEqual(['DOGE/USDT']);
    expect(symbols(filterBySymbol(rows, 'btcusdt'))).toEqual(['BTC/USDT']);
    expect(symbols(filterBySymbol(rows, 'usdt'))).toHaveLength(3);
  });

  it('keeps every row for an empty query and none for a miss', () => {
    expect(filterBySymbol(rows, '  ')).toBe(rows);
    expect(filterBySymbol(rows, 'xrp')).toEqual([]);
  });
});
