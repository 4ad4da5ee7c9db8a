/**
 * Leverage risk benchmark (`npm run bench:lever`): 100,000 open positions across 10 pairs and
 * 20,000 users in our LeverDesk (packages/engine/src/lever/desk.ts). Each round moves the mark of
 * every pair (mostly ±0.5 %, now and then ±6 %, so stops trigger and users reach stop-out) and
 * times each pair's tick: re-mark its positions, close the stops and capped gains, check each of
 * their users' hazard rate and liquidate at stop-out. Closed positions are opened again between
 * rounds, so the desk stays at 100,000.
 *
 * The peer, measured in the same run on the same positions: the same tick written with the
 * reference string maths (maths.ts: every profit and hazard rate through decimal strings), the way
 * a straightforward implementation would do it.
 *
 * Prints one line: RESULT positions=… pairs=… tick_p99_ms=… tick_p50_ms=… round_p99_ms=…
 *   closes=… liquidations=… peer_tick_p50_ms=…
 */
import { fromUnits, lever } from '@exchange/engine';

const POSITIONS = Number(process.env.BENCH_LEVER_POSITIONS ?? 100_000);
const PAIRS = 10;
const USERS = 20_000;
const ROUNDS = Number(process.env.BENCH_LEVER_ROUNDS ?? 60);
const PEER_TICKS = 3;
const SEED = 20_261_125;

/** mulberry32: the same stream on every machine. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const pairs: lever.DeskPair[] = Array.from({ length: PAIRS }, (_, i) => ({
  pairId: i + 1,
  currency: 1,
  priceDecimals: 2,
  qtyDecimals: 6,
  amountDecimals: 2,
  pointRate: '0.001',
}));
const marks = new Map(pairs.map((p) => [p.pairId, BigInt(int(1_000, 100_000)) * 100n]));
const free = new Map<number, bigint>();
for (let u = 1; u <= USERS; u++) free.set(u, BigInt(int(0, 2_000)) * 100n);
let insurance = 10n ** 12n;
const balances: lever.DeskBalances = {
  free: (user) => free.get(user) ?? 0n,
  insurance: () => insurance,
};

let nextId = 1;
function newPosition(): lever.DeskPosition {
  const pairId = int(1, PAIRS);
  const mark = marks.get(pairId) ?? 100n;
  const side: lever.LeverSide = random() < 0.5 ? 1 : 2;
  const entry = side === 1 ? (mark * 1001n) / 1000n : (mark * 999n) / 1000n;
  const number = BigInt(int(1, 50)) * 1_000n; // 0.001 … 0.05 of the base
  const multiple = BigInt([5, 10, 20, 50, 100][int(0, 4)] ?? 10);
  const notional = (entry * number) / 1_000_000n; // cents
  const stop = (away: bigint) => (mark * (1000n + away)) / 1000n;
  return {
    id: nextId++,
    userId: int(1, USERS),
    pairId,
    side,
    entry,
    number,
    margin: notional / multiple + 1n,
    maxPayout: notional + 1n,
    stopProfit: random() < 0.3 ? stop(side === 1 ? 30n : -30n) : null,
    stopLoss: random() < 0.3 ? stop(side === 1 ? -30n : 30n) : null,
  };
}

const desk = new lever.LeverDesk(pairs, '50');
while (desk.size < POSITIONS) desk.add(newPosition());

let closes = 0;
let liquidations = 0;
const apply = (close: lever.DeskClose) => {
  const s = close.settlement;
  const user = close.position.userId;
  free.set(user, (free.get(user) ?? 0n) + s.marginBack + s.houseToUser - s.userToHouse);
  insurance -= s.insuranceToHouse;
  closes += 1;
  if (close.reason === 'liquidation') liquidations += 1;
};

function nextMark(pairId: number): bigint {
  const mark = marks.get(pairId) ?? 100n;
  const jump = random() < 0.05;
  const ppm = BigInt(Math.round((random() - 0.5) * (jump ? 120_000 : 10_000)));
  const next = mark + (mark * ppm) / 1_000_000n;
  marks.set(pairId, next > 1n ? next : 1n);
  return next > 1n ? next : 1n;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

// Warm-up round (compiles the hot paths), then the measured rounds.
for (const pair of pairs) desk.tick(pair.pairId, nextMark(pair.pairId), balances, apply);
closes = 0;
liquidations = 0;
const ticks: number[] = [];
const rounds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  while (desk.size < POSITIONS) desk.add(newPosition());
  const roundStart = performance.now();
  for (const pair of pairs) {
    const mark = nextMark(pair.pairId);
    const start = performance.now();
    desk.tick(pair.pairId, mark, balances, apply);
    ticks.push(performance.now() - start);
  }
  rounds.push(performance.now() - roundStart);
}

/** The peer: one pair's tick through the reference string maths (no close applied). */
function peerTick(pairId: number, mark: bigint): number {
  const markText = fromUnits(mark, 2);
  const start = performance.now();
  const byUser = new Map<number, { margins: string[]; profits: string[] }>();
  for (let id = 1; id < nextId; id++) {
    const p = desk.get(id);
    if (!p) continue;
    const price = fromUnits(desk.mark(p.pairId) ?? mark, 2);
    const entry = fromUnits(p.entry, 2);
    const number = fromUnits(p.number, 6);
    if (p.pairId === pairId) {
      const close = lever.closePrice(p.side, markText, '0.001', 2);
      lever.profitAt(p.side, entry, close, number, 2);
    }
    const row = byUser.get(p.userId) ?? { margins: [], profits: [] };
    row.margins.push(fromUnits(p.margin, 2));
    row.profits.push(lever.profitAt(p.side, entry, price, number, 2));
    byUser.set(p.userId, row);
  }
  for (const [user, row] of byUser) {
    lever.hazardRate(fromUnits(free.get(user) ?? 0n, 2), row.margins, row.profits);
  }
  return performance.now() - start;
}
const peer = Array.from({ length: PEER_TICKS }, (_, i) => {
  const pairId = (i % PAIRS) + 1;
  return peerTick(pairId, marks.get(pairId) ?? 100n);
});

const ms = (v: number) => v.toFixed(2);
process.stderr.write(
  `[bench:lever] ${String(ticks.length)} ticks over ${String(ROUNDS)} rounds; ` +
    `max tick ${ms(Math.max(...ticks))} ms\n`,
);
console.log(
  `RESULT positions=${String(POSITIONS)} pairs=${String(PAIRS)} ` +
    `tick_p99_ms=${ms(percentile(ticks, 99))} tick_p50_ms=${ms(percentile(ticks, 50))} ` +
    `round_p99_ms=${ms(percentile(rounds, 99))} closes=${String(closes)} ` +
    `liquidations=${String(liquidations)} peer_tick_p50_ms=${ms(percentile(peer, 50))}`,
);
