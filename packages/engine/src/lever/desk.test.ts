import { describe, expect, it } from 'vitest';
import { LeverDesk, type DeskClose, type DeskPosition } from './desk.js';

// BTC/USDT: prices at 2 decimals (units of 0.01), quantities at 6, USDT at 2.
const pair = {
  pairId: 1,
  currency: 1,
  priceDecimals: 2,
  qtyDecimals: 6,
  amountDecimals: 2,
  pointRate: '0.001',
};
const usd = (n: number) => BigInt(Math.round(n * 100));

function position(over: Partial<DeskPosition> & { id: number }): DeskPosition {
  return {
    userId: 7,
    pairId: 1,
    side: 1,
    entry: usd(65065),
    number: 30_000n, // 0.03 BTC
    margin: usd(195.2),
    maxPayout: usd(1951.95),
    stopProfit: null,
    stopLoss: null,
    ...over,
  };
}

function desk(free: number, insurance = 0) {
  const d = new LeverDesk([pair], '50');
  const closes: DeskClose[] = [];
  const balances = { free: () => usd(free), insurance: () => usd(insurance) };
  return { d, closes, balances, apply: (c: DeskClose) => closes.push(c) };
}

describe('LeverDesk', () => {
  it('closes at the mark less the spread for a long, plus it for a short', () => {
    const { d, balances } = desk(100);
    d.add(position({ id: 1 }));
    d.add(position({ id: 2, side: 2, entry: usd(64935) }));
    // Mark 66000: a long closes at 65934.00, a short at 66066.00.
    const long = d.close(1, 'user', balances, usd(66000));
    expect(long.closePrice).toBe(usd(65934));
    expect(long.profit).toBe(usd(26.07)); // (65934 − 65065) × 0.03
    const short = d.close(2, 'user', balances, usd(66000));
    expect(short.closePrice).toBe(usd(66066));
    expect(short.profit).toBe(usd(-33.93)); // −(66066 − 64935) × 0.03
    expect(d.size).toBe(0);
    expect(d.exposure(1)).toBe(0n);
  });

  it('triggers stops on a tick and leaves the others open', () => {
    const { d, balances, closes, apply } = desk(10_000);
    d.add(position({ id: 1, stopLoss: usd(64000) }));
    d.add(position({ id: 2, stopProfit: usd(66000) }));
    d.add(position({ id: 3, side: 2, entry: usd(64935), stopLoss: usd(66500) }));
    d.tick(1, usd(64000), balances, apply);
    expect(closes.map((c) => [c.position.id, c.reason])).toEqual([[1, 'stop_loss']]);
    d.tick(1, usd(66000), balances, apply);
    expect(closes.map((c) => [c.position.id, c.reason])).toEqual([
      [1, 'stop_loss'],
      [2, 'stop_profit'],
    ]);
    expect(d.size).toBe(1);
    expect(d.exposure(1)).toBe(usd(1951.95));
  });

  it('closes a long whose gain reached its cap as a stop-profit, paying the cap', () => {
    const { d, balances, closes, apply } = desk(0);
    d.add(position({ id: 1 }));
    // Twice the entry and more: the gain is capped at entry × number.
    d.tick(1, usd(140000), balances, apply);
    expect(closes[0]?.reason).toBe('stop_profit');
    expect(closes[0]?.profit).toBe(usd(1951.95));
  });

  it('liquidates at the mark, largest loss first, when the hazard rate falls to stop-out', () => {
    const { d, balances, closes, apply } = desk(0, 1000);
    d.add(position({ id: 1 }));
    d.add(position({ id: 2, entry: usd(64000), margin: usd(192) }));
    // Mark 61000: #1 loses (61000 − 65065) × 0.03 = 121.95, #2 loses 90.00.
    // (0 + 387.20 − 211.95) / 387.20 = 45.3 % → #1 goes (at the mark, no spread): it pays 121.95
    // from its own margin, 73.25 back free; then (73.25 + 192 − 90) / 192 = 91.3 %: #2 stays.
    const after = { free: () => usd(73.25), insurance: () => usd(1000) };
    let first = true;
    d.tick(1, usd(61000), balances, (c) => {
      apply(c);
      if (first) {
        first = false;
        Object.assign(balances, after);
      }
    });
    expect(closes.map((c) => [c.position.id, c.reason, c.closePrice])).toEqual([
      [1, 'liquidation', usd(61000)],
    ]);
    expect(closes[0]?.settlement).toMatchObject({ userToHouse: usd(121.95), insuranceToHouse: 0n });
    expect(d.get(2)).toBeDefined();
  });
});
