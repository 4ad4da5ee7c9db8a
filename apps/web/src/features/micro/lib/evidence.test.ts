import { describe, expect, it } from 'vitest';
import { usedTradeIds } from './evidence';

const trade = (id: number, price: string) => ({ id, price, time: id });

describe('usedTradeIds', () => {
  it('drops 20 % of the trades at each end by count', () => {
    const trades = [
      trade(1, '100'),
      trade(2, '99.5'),
      trade(3, '101'),
      trade(4, '100.25'),
      trade(5, '98'),
      trade(6, '100'),
      trade(7, '102'),
      trade(8, '100.1'),
      trade(9, '99.9'),
      trade(10, '100'),
    ];
    // 10 trades: 2 dropped at each end (98, 99.5 and 101, 102).
    expect([...usedTradeIds({ source: 'trades', trades })].sort((a, b) => a - b)).toEqual([
      1, 4, 6, 8, 9, 10,
    ]);
  });

  it('keeps every trade below five and compares prices as decimals', () => {
    const trades = [trade(1, '9.5'), trade(2, '10.25'), trade(3, '10.3')];
    expect(usedTradeIds({ source: 'trades', trades }).size).toBe(3);
    // 5 trades: one dropped each end, '9' below '10' although it sorts after as text.
    const five = [trade(1, '10'), trade(2, '9'), trade(3, '11'), trade(4, '10.5'), trade(5, '100')];
    expect([...usedTradeIds({ source: 'trades', trades: five })].sort()).toEqual([1, 3, 4]);
  });

  it('uses no trade when the index came from the book or is void', () => {
    expect(usedTradeIds({ source: 'book', trades: [trade(1, '1')] }).size).toBe(0);
    expect(usedTradeIds({ source: 'void', trades: [] }).size).toBe(0);
  });
});
