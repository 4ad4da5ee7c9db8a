import { OrderBook, type BookEvent, type PlaceCommand, type Side } from '@exchange/engine';

/** One generated operation; cancels carry the target id, places the full command. */
export type BenchOp = { kind: 'place'; cmd: PlaceCommand } | { kind: 'cancel'; orderId: number };

export const MID = 100_000;
/** Every price stays within ±1.5 % of the mid, so the 5 % market band below can never bite. */
export const SPREAD = 1_500;
export const BAND_BPS = 500;
export const OWNERS = 16;
/** Passive orders rest 1 + two uniform draws in [0, PASSIVE_DEPTH] ticks behind the mid. */
const PASSIVE_DEPTH = 150;
const AGGRESSIVE_ABOVE = 0.5;
const AGGRESSIVE_BELOW = 0.05;

/** mulberry32: a seeded stream, so every run (and both books) sees the same commands. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * About 60 % limit, 20 % market and 20 % cancel orders around a fixed mid, with the book held near
 * `targetResting` orders. Cancel targets and the size control need to know which orders rest, so
 * the generator replays its own commands into an OrderBook (untimed); the stream is then checked
 * independently: against ReferenceBook event by event and against the peer's end state.
 *
 * Differences from the peer (nodejs-order-book) are kept out of the stream: prices never leave
 * ±SPREAD, so our market band never stops an order (the peer has none); self-trades do happen and
 * the peer runs with STP EXPIRE_MAKER, its equivalent of ours (the resting order goes, the taker
 * goes on).
 */
export function generateStream(
  count: number,
  targetResting: number,
  seed: number,
): { ops: BenchOp[]; meanResting: number } {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const book = new OrderBook({ bandBps: BAND_BPS });
  const live: number[] = [];
  const slot = new Map<number, number>();
  const out: BookEvent[] = [];
  const ops: BenchOp[] = [];
  let nextId = 1;
  let restingSum = 0;

  const forget = (orderId: number) => {
    const index = slot.get(orderId);
    if (index === undefined) return;
    const last = live.pop() ?? orderId;
    if (last !== orderId) {
      live[index] = last;
      slot.set(last, index);
    }
    slot.delete(orderId);
  };

  for (let i = 0; i < count; i++) {
    const roll = random();
    let op: BenchOp;
    if (roll < 0.2 && live.length > 0) {
      // Mostly live orders; one in twenty targets an order that has already gone.
      const orderId = random() < 0.95 ? (live[int(0, live.length - 1)] ?? 0) : int(1, nextId - 1);
      op = { kind: 'cancel', orderId };
    } else {
      const side: Side = random() < 0.5 ? 1 : 2;
      const dir = side === 1 ? -1 : 1;
      const isMarket = roll >= 0.2 && roll < 0.4;
      // Above the target, more limit orders cross the spread: the book shrinks back toward it.
      const aggressive =
        random() < (book.size() > targetResting ? AGGRESSIVE_ABOVE : AGGRESSIVE_BELOW);
      const opposite = side === 1 ? book.bestAsk() : book.bestBid();
      const price = clamp(
        aggressive && opposite !== null
          ? opposite - dir * int(0, 20)
          : MID + dir * (1 + int(0, PASSIVE_DEPTH) + int(0, PASSIVE_DEPTH)),
      );
      const cmd: PlaceCommand = {
        orderId: nextId++,
        ownerId: int(1, OWNERS),
        side,
        kind: isMarket ? 'market' : 'limit',
        price: isMarket ? 0 : price,
        qty: isMarket ? int(1, 120) : int(1, 100),
      };
      op = { kind: 'place', cmd };
    }
    ops.push(op);
    out.length = 0;
    if (op.kind === 'place') book.place(op.cmd, out);
    else book.cancel(op.orderId, out);
    restingSum += book.size();
    for (const event of out) {
      if (event.type === 'rested') {
        slot.set(event.orderId, live.length);
        live.push(event.orderId);
      } else if (event.type === 'filled' || event.type === 'cancelled') {
        forget(event.orderId);
      }
    }
  }
  return { ops, meanResting: restingSum / count };
}

function clamp(price: number): number {
  return Math.max(MID - SPREAD, Math.min(MID + SPREAD, price));
}
