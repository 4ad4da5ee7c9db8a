import { describe, expect, it } from 'vitest';
import { liquidationPlan, settle } from './settle.js';

describe('settle', () => {
  it('pays a gain from the house and gives the margin back', () => {
    expect(settle(19520n, 2805n, 0n, 0n)).toEqual({
      marginBack: 19520n,
      houseToUser: 2805n,
      userToHouse: 0n,
      insuranceToHouse: 0n,
      unrecovered: 0n,
    });
  });

  it('takes a loss from the margin, then the free balance, then the insurance', () => {
    // Loss 300.00; the user holds 195.20 margin + 50.00 free = 245.20; insurance pays 54.80.
    expect(settle(19520n, -30000n, 5000n, 10000n)).toEqual({
      marginBack: 19520n,
      houseToUser: 0n,
      userToHouse: 24520n,
      insuranceToHouse: 5480n,
      unrecovered: 0n,
    });
    // An insurance of 20.00 covers part; the house bears the rest, the user owes nothing.
    expect(settle(19520n, -30000n, 5000n, 2000n)).toMatchObject({
      userToHouse: 24520n,
      insuranceToHouse: 2000n,
      unrecovered: 3480n,
    });
    // A loss within the margin leaves the free balance alone.
    expect(settle(19520n, -3195n, 5000n, 0n)).toMatchObject({ userToHouse: 3195n });
  });
});

describe('liquidationPlan', () => {
  it('closes nothing above the stop-out level', () => {
    // (0 + 200 − 70) / 200 = 65 %
    const plan = liquidationPlan(
      [
        { id: 1, margin: 10000n, profit: -8000n },
        { id: 2, margin: 10000n, profit: 1000n },
      ],
      0n,
      0n,
      '50',
    );
    expect(plan).toEqual([]);
  });

  it('closes the largest loss first, until the rate is above the level', () => {
    // (0 + 200 − 115) / 200 = 42.5 %: close #1 (−95): 5 left free; then (5 + 100 − 20) / 100 = 85 %.
    const plan = liquidationPlan(
      [
        { id: 2, margin: 10000n, profit: -2000n },
        { id: 1, margin: 10000n, profit: -9500n },
      ],
      0n,
      0n,
      '50',
    );
    expect(plan.map((s) => s.id)).toEqual([1]);
    expect(plan[0]?.settlement.userToHouse).toBe(9500n);
  });

  it('closes everything when the equity is gone, booking the shortfall to insurance', () => {
    const plan = liquidationPlan(
      [
        { id: 1, margin: 10000n, profit: -15000n },
        { id: 2, margin: 10000n, profit: -6000n },
      ],
      1000n,
      100000n,
      '50',
    );
    expect(plan.map((s) => s.id)).toEqual([1, 2]);
    // #1: the user pays 100 margin + 10 free, insurance 40; then (0 + 100 − 60) / 100 = 40 %:
    // #2 goes too, its 60 from its own margin.
    expect(plan[0]?.settlement).toMatchObject({ userToHouse: 11000n, insuranceToHouse: 4000n });
    expect(plan[1]?.settlement).toMatchObject({ userToHouse: 6000n, insuranceToHouse: 0n });
  });

  it('closes at exactly the level (at or below, not only below)', () => {
    // (0 + 100 − 50) / 100 = 50 %
    const plan = liquidationPlan([{ id: 1, margin: 10000n, profit: -5000n }], 0n, 0n, '50');
    expect(plan.map((s) => s.id)).toEqual([1]);
  });
});
