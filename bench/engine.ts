/**
 * Matching-engine benchmark: one seeded stream of 1,000,000 operations (≈60 % limit, 20 % market,
 * 20 % cancel, ≈2,000 resting orders) replayed into our OrderBook and into nodejs-order-book.
 * Ours is checked against ReferenceBook event by event on a prefix and against the peer's end state
 * on the full run; then throughput (both) and per-op latency percentiles (ours) are measured.
 * Ends with one RESULT line.
 */
import { OrderBook, ReferenceBook, type BookEvent } from '@exchange/engine';
import { BAND_BPS, generateStream, type BenchOp } from './engine-stream.js';
import { PeerBook, toPeerOps, type PeerOp } from './engine-peer.js';

const OPS = 1_000_000;
const TARGET_RESTING = 2_000;
const REFERENCE_PREFIX = 50_000;
const ROUNDS = 3;
const LATENCY_EVERY = 4;
const SEED = 20_240_601;

function runOurs(ops: readonly BenchOp[], count = ops.length): OrderBook {
  const book = new OrderBook({ bandBps: BAND_BPS });
  const out: BookEvent[] = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i];
    if (op === undefined) break;
    out.length = 0;
    if (op.kind === 'place') book.place(op.cmd, out);
    else book.cancel(op.orderId, out);
  }
  return book;
}

function runPeer(ops: readonly PeerOp[], count = ops.length): PeerBook {
  const peer = new PeerBook();
  for (let i = 0; i < count; i++) {
    const op = ops[i];
    if (op !== undefined) peer.apply(op);
  }
  return peer;
}

/** Event-by-event comparison with the naive book; throws at the first difference. */
function checkAgainstReference(ops: readonly BenchOp[], count: number): void {
  const fast = new OrderBook({ bandBps: BAND_BPS });
  const reference = new ReferenceBook({ bandBps: BAND_BPS });
  const a: BookEvent[] = [];
  const b: BookEvent[] = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i];
    if (op === undefined) break;
    a.length = 0;
    b.length = 0;
    if (op.kind === 'place') {
      fast.place(op.cmd, a);
      reference.place(op.cmd, b);
    } else {
      fast.cancel(op.orderId, a);
      reference.cancel(op.orderId, b);
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      throw new Error(`op ${i} ${JSON.stringify(op)}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
    }
  }
  fast.checkInvariants();
  if (JSON.stringify(fast.orders()) !== JSON.stringify(reference.orders())) {
    throw new Error('resting orders differ from ReferenceBook');
  }
}

/** Same resting ids with the same remaining quantities, and the same best prices. */
function checkAgainstPeer(ours: OrderBook, peer: PeerBook): void {
  const mine = new Map(ours.orders().map((o) => [String(o.orderId), o.remaining]));
  const theirs = peer.resting();
  if (mine.size !== theirs.size) throw new Error(`resting: ours ${mine.size}, peer ${theirs.size}`);
  for (const [id, remaining] of mine) {
    if (theirs.get(id) !== remaining) {
      throw new Error(`order ${id}: ours ${remaining}, peer ${String(theirs.get(id))}`);
    }
  }
  const best = JSON.stringify([ours.bestBid(), ours.bestAsk()]);
  if (best !== JSON.stringify(peer.best())) {
    throw new Error(`best bid/ask: ours ${best}, peer ${JSON.stringify(peer.best())}`);
  }
}

function opsPerSecond(run: () => unknown, count: number): number {
  const start = process.hrtime.bigint();
  run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return count / seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Times every LATENCY_EVERY-th op of a full replay with hrtime (a separate pass: timing perturbs). */
function latencies(ops: readonly BenchOp[]): { p50: number; p99: number } {
  const book = new OrderBook({ bandBps: BAND_BPS });
  const out: BookEvent[] = [];
  const samples = new Float64Array(Math.ceil(ops.length / LATENCY_EVERY));
  let n = 0;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (op === undefined) break;
    out.length = 0;
    const timed = i % LATENCY_EVERY === 0;
    const start = timed ? process.hrtime.bigint() : 0n;
    if (op.kind === 'place') book.place(op.cmd, out);
    else book.cancel(op.orderId, out);
    if (timed) samples[n++] = Number(process.hrtime.bigint() - start) / 1000;
  }
  const sorted = samples.subarray(0, n).sort();
  const at = (q: number) => sorted[Math.min(n - 1, Math.floor(q * n))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

function main(): void {
  const { ops, meanResting } = generateStream(OPS, TARGET_RESTING, SEED);
  const peerOps = toPeerOps(ops);
  const counts = { limit: 0, market: 0, cancel: 0 };
  for (const op of ops) counts[op.kind === 'cancel' ? 'cancel' : op.cmd.kind] += 1;
  console.log(`stream: ${ops.length} ops, ${Math.round(meanResting)} resting on average`, counts);

  checkAgainstReference(ops, REFERENCE_PREFIX);
  console.log(`reference: first ${REFERENCE_PREFIX} ops give identical events`);
  const ours = runOurs(ops);
  const peer = runPeer(peerOps);
  checkAgainstPeer(ours, peer);
  console.log(
    `peer: same ${ours.size()} resting orders and best bid/ask ${ours.bestBid()}/${ours.bestAsk()}`,
  );

  // Warm-up, then ROUNDS measured runs each on fresh books; the median is reported.
  runOurs(ops);
  runPeer(peerOps, 200_000);
  const oursRates: number[] = [];
  const peerRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    oursRates.push(opsPerSecond(() => runOurs(ops), ops.length));
    peerRates.push(opsPerSecond(() => runPeer(peerOps), ops.length));
    console.log(
      `round ${round + 1}: ours ${Math.round(oursRates[round] ?? 0)} ops/s, peer ${Math.round(peerRates[round] ?? 0)} ops/s`,
    );
  }
  const { p50, p99 } = latencies(ops);
  const engine = median(oursRates);
  const peerRate = median(peerRates);
  console.log(
    `RESULT engine_ops_per_s=${Math.round(engine)} peer_ops_per_s=${Math.round(peerRate)} ` +
      `ratio=${(engine / peerRate).toFixed(2)} p50_us=${p50.toFixed(2)} p99_us=${p99.toFixed(2)}`,
  );
}

main();
