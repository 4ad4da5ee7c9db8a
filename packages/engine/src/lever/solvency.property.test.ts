import { describe, expect, it } from 'vitest';
import { Rng } from '../testing/prng.js';
import { fromUnits, toUnits } from '../units.js';
import { LeverDesk, type DeskClose, type DeskPair } from './desk.js';
import { atOrBelowStopOut } from './settle.js';
import {
  entryPrice,
  marginOf,
  maxPayout,
  overnightFee,
  positionNumber,
  profitAt,
  stopProblem,
  tradeFee,
  type LeverSide,
} from './maths.js';

/**
 * Random price paths × random users against a model ledger: whatever happens, money is only moved
 * (never made or lost), no balance goes below zero, the house can always pay every open position's
 * largest gain, and every result is the one the string maths gives.
 */
const USDT = 1;
const BTC = 2;
const PAIRS: (DeskPair & { shareNum: string; feeRate: string; start: number })[] = [
  {
    pairId: 1,
    currency: USDT,
    priceDecimals: 2,
    qtyDecimals: 6,
    amountDecimals: 2,
    pointRate: '0.001',
    shareNum: '0.01',
    feeRate: '0.002',
    start: 65000,
  },
  {
    pairId: 2,
    currency: USDT,
    priceDecimals: 4,
    qtyDecimals: 2,
    amountDecimals: 2,
    pointRate: '0.0005',
    shareNum: '10',
    feeRate: '0.001',
    start: 0.52,
  },
  {
    pairId: 3,
    currency: BTC,
    priceDecimals: 6,
    qtyDecimals: 4,
    amountDecimals: 6,
    pointRate: '0.002',
    shareNum: '1',
    feeRate: '0.003',
    start: 0.05,
  },
];
const MULTIPLES = [2, 5, 10, 20, 50, 100];

function simulate(seed: number, steps: number) {
  const rng = new Rng(seed);
  const desk = new LeverDesk(PAIRS, '50');
  const users = Array.from({ length: 12 }, (_, i) => i + 1);
  const free = new Map<string, bigint>();
  const held = new Map<string, bigint>();
  const key = (user: number, currency: number) => `${String(user)}:${String(currency)}`;
  const house = new Map<number, bigint>([
    [USDT, toUnits('500000', 2)],
    [BTC, toUnits('20', 6)],
  ]);
  const insurance = new Map<number, bigint>([
    [USDT, toUnits(rng.chance(0.5) ? '2000' : '0', 2)],
    [BTC, toUnits('0.1', 6)],
  ]);
  for (const u of users) {
    free.set(key(u, USDT), toUnits(String(rng.int(50, 20000)), 2));
    free.set(key(u, BTC), toUnits(String(rng.int(1, 300) / 100), 6));
  }
  const total = (c: number) =>
    [...free.entries(), ...held.entries()]
      .filter(([k]) => k.endsWith(`:${String(c)}`))
      .reduce((s, [, v]) => s + v, 0n) +
    (house.get(c) ?? 0n) +
    (insurance.get(c) ?? 0n);
  const totals = new Map([USDT, BTC].map((c) => [c, total(c)]));
  const marks = new Map(
    PAIRS.map((p) => [p.pairId, toUnits(p.start.toFixed(p.priceDecimals), p.priceDecimals)]),
  );
  const balances = {
    free: (u: number, c: number) => free.get(key(u, c)) ?? 0n,
    insurance: (c: number) => insurance.get(c) ?? 0n,
  };
  let closes = 0;
  let liquidations = 0;
  let shortfalls = 0;
  const apply = (close: DeskClose) => {
    const { position, settlement: s } = close;
    const pair = PAIRS.find((p) => p.pairId === position.pairId);
    if (!pair) throw new Error('pair');
    const c = pair.currency;
    // The fast path agrees with the reference maths.
    const ref = profitAt(
      position.side,
      fromUnits(position.entry, pair.priceDecimals),
      fromUnits(close.closePrice, pair.priceDecimals),
      fromUnits(position.number, pair.qtyDecimals),
      pair.amountDecimals,
    );
    const capped =
      toUnits(ref, pair.amountDecimals) > position.maxPayout
        ? position.maxPayout
        : toUnits(ref, pair.amountDecimals);
    expect(close.profit).toBe(capped);
    expect(close.profit).toBeLessThanOrEqual(position.maxPayout);
    const k = key(position.userId, c);
    free.set(k, (free.get(k) ?? 0n) + s.marginBack + s.houseToUser - s.userToHouse);
    held.set(k, (held.get(k) ?? 0n) - position.margin);
    house.set(c, (house.get(c) ?? 0n) + s.userToHouse + s.insuranceToHouse - s.houseToUser);
    insurance.set(c, (insurance.get(c) ?? 0n) - s.insuranceToHouse);
    closes += 1;
    if (close.reason === 'liquidation') liquidations += 1;
    if (s.insuranceToHouse > 0n || s.unrecovered > 0n) shortfalls += 1;
  };
  const check = (step: number) => {
    for (const [k, v] of [...free, ...held])
      expect(v, `${k} at step ${String(step)}`).toBeGreaterThanOrEqual(0n);
    for (const c of [USDT, BTC]) {
      expect(house.get(c), `house ${String(c)}`).toBeGreaterThanOrEqual(0n);
      expect(insurance.get(c)).toBeGreaterThanOrEqual(0n);
      expect(total(c), `money is only moved (${String(c)}, step ${String(step)})`).toBe(
        totals.get(c),
      );
      expect(desk.exposure(c)).toBeLessThanOrEqual(house.get(c) ?? 0n);
    }
    for (const u of users) {
      for (const c of [USDT, BTC]) {
        const open = desk.positionsOf(u, c);
        const margins = open.reduce((s, p) => s + p.margin, 0n);
        expect(held.get(key(u, c)) ?? 0n).toBe(margins);
        // Nobody is left at or below stop-out once the desk has seen the marks.
        if (open.every((p) => desk.mark(p.pairId) !== null)) {
          const risk = desk.risk(u, c);
          const stuck = atOrBelowStopOut(
            free.get(key(u, c)) ?? 0n,
            risk.margins,
            risk.profits,
            5000n,
          );
          expect(stuck, `user ${String(u)} at stop-out after step ${String(step)}`).toBe(false);
        }
      }
    }
  };

  let nextId = 1;
  let refusedByHouse = 0;
  for (let step = 0; step < steps; step += 1) {
    const roll = rng.next();
    if (roll < 0.35) {
      // Open a position, if the user can pay and the house can cover its largest gain.
      const pair = rng.pick(PAIRS);
      const user = rng.pick(users);
      const side: LeverSide = rng.chance(0.5) ? 1 : 2;
      const share = rng.int(1, 40);
      const multiple = rng.pick(MULTIPLES);
      const mark = fromUnits(marks.get(pair.pairId) ?? 0n, pair.priceDecimals);
      const entry = entryPrice(side, mark, pair.pointRate, pair.priceDecimals);
      const number = positionNumber(share, pair.shareNum, pair.qtyDecimals);
      const margin = toUnits(
        marginOf(entry, number, multiple, pair.amountDecimals),
        pair.amountDecimals,
      );
      const fee = toUnits(
        tradeFee(fromUnits(margin, pair.amountDecimals), pair.feeRate, pair.amountDecimals),
        pair.amountDecimals,
      );
      const cap = toUnits(maxPayout(entry, number, pair.amountDecimals), pair.amountDecimals);
      const k = key(user, pair.currency);
      const c = pair.currency;
      if ((free.get(k) ?? 0n) < margin + fee || margin === 0n) continue;
      // At a hazard rate of 100 % or less (after this position) a user may only reduce.
      const risk = desk.risk(user, c);
      const entryProfit = toUnits(
        profitAt(side, entry, mark, number, pair.amountDecimals),
        pair.amountDecimals,
      );
      if (
        atOrBelowStopOut(
          (free.get(k) ?? 0n) - margin - fee,
          risk.margins + margin,
          risk.profits + entryProfit,
          10000n,
        )
      ) {
        continue;
      }
      if (desk.exposure(c) + cap > (house.get(c) ?? 0n)) {
        refusedByHouse += 1;
        continue;
      }
      free.set(k, (free.get(k) ?? 0n) - margin - fee);
      held.set(k, (held.get(k) ?? 0n) + margin);
      house.set(c, (house.get(c) ?? 0n) + fee);
      const entryUnits = toUnits(entry, pair.priceDecimals);
      const stop = (away: number) =>
        toUnits((Number(mark) * (1 + away)).toFixed(pair.priceDecimals), pair.priceDecimals);
      let stopProfit: bigint | null = rng.chance(0.3) ? stop(side === 1 ? 0.02 : -0.02) : null;
      let stopLoss: bigint | null = rng.chance(0.3) ? stop(side === 1 ? -0.02 : 0.02) : null;
      const problem = stopProblem(
        side,
        mark,
        stopProfit === null ? null : fromUnits(stopProfit, pair.priceDecimals),
        stopLoss === null ? null : fromUnits(stopLoss, pair.priceDecimals),
      );
      if (problem) [stopProfit, stopLoss] = [null, null];
      desk.add({
        id: nextId++,
        userId: user,
        pairId: pair.pairId,
        side,
        entry: entryUnits,
        number: toUnits(number, pair.qtyDecimals),
        margin,
        maxPayout: cap,
        stopProfit,
        stopLoss,
      });
    } else if (roll < 0.8) {
      // The market moves: small steps, now and then a jump of up to ±40 %.
      const pair = rng.pick(PAIRS);
      const before = marks.get(pair.pairId) ?? 1n;
      const move = rng.chance(0.05) ? (rng.next() - 0.5) * 0.8 : (rng.next() - 0.5) * 0.02;
      const ppm = BigInt(Math.round(move * 1_000_000));
      let after = before + (before * ppm) / 1_000_000n;
      if (after < 1n) after = 1n;
      marks.set(pair.pairId, after);
      desk.tick(pair.pairId, after, balances, apply);
    } else if (roll < 0.95) {
      // A user closes one of their positions.
      const user = rng.pick(users);
      const c = rng.chance(0.7) ? USDT : BTC;
      const open = desk.positionsOf(user, c).filter((p) => desk.mark(p.pairId) !== null);
      if (open.length > 0) apply(desk.close(rng.pick(open).id, 'user', balances));
    } else {
      // The overnight fee: from the free balance first, then the margin.
      for (const pair of PAIRS) {
        const mark = desk.mark(pair.pairId);
        if (mark === null) continue;
        for (const u of users) {
          for (const p of desk
            .positionsOf(u, pair.currency)
            .filter((q) => q.pairId === pair.pairId)) {
            const fee = toUnits(
              overnightFee(
                fromUnits(p.number, pair.qtyDecimals),
                fromUnits(mark, pair.priceDecimals),
                '0.0005',
                pair.amountDecimals,
              ),
              pair.amountDecimals,
            );
            const k = key(u, pair.currency);
            const fromFree = fee < (free.get(k) ?? 0n) ? fee : (free.get(k) ?? 0n);
            free.set(k, (free.get(k) ?? 0n) - fromFree);
            const fromMargin = desk.takeFromMargin(p.id, fee - fromFree);
            held.set(k, (held.get(k) ?? 0n) - fromMargin);
            house.set(pair.currency, (house.get(pair.currency) ?? 0n) + fromFree + fromMargin);
          }
        }
      }
      // Fees lower the equity without a new mark: the risk check runs for every user.
      for (const u of users) for (const c of [USDT, BTC]) desk.checkUser(u, c, balances, apply);
    }
    check(step);
  }
  return { closes, liquidations, shortfalls, refusedByHouse, open: desk.size };
}

describe('lever solvency (seeded property test)', () => {
  const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
  const results: ReturnType<typeof simulate>[] = [];

  it.each(SEEDS)('seed %i: money moves, never goes negative, the house can pay', (seed) => {
    const result = simulate(seed, 1500);
    expect(result.closes).toBeGreaterThan(0);
    results.push(result);
  });

  it('the runs above reach liquidations, insurance payments and refusals by the house', () => {
    expect(results).toHaveLength(SEEDS.length);
    const sum = (k: keyof (typeof results)[number]) => results.reduce((s, r) => s + r[k], 0);
    expect(sum('liquidations')).toBeGreaterThan(0);
    expect(sum('shortfalls')).toBeGreaterThan(0);
    expect(sum('refusedByHouse')).toBeGreaterThan(0);
  });
});
