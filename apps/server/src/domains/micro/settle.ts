/**
 * Micro trade's settlement: the market record follows each commit, and a pass runs at each whole
 * second some order waits for (on the core's clock, so a simulated clock that jumps fires it). A
 * pass evaluates the pair's index at each due moment (engine `micro.priceIndex`, from the market
 * record or, for windows older than memory, the stored trades), opens the orders starting there
 * and settles the ones ending there (engine `micro.settleMicro`), all in one batch.
 */
import { ACCOUNT_TYPE, JOURNAL_KIND, MICRO_STATUS } from '@exchange/contract';
import { micro } from '@exchange/engine';
// `toLedger`: a currency's units into ledger units (micro-outcome-inputs.test reads this file).
import { fromScale, SCALE, toScale as toLedger } from '../../core/amounts.js';
import { dateOf, type Timer } from '../../core/clock.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Committed } from '../../core/types.js';
import type { Db } from '../../db/client.js';
import { spotChanges } from '../spot/index.js';
import { indexFor, indexRecord, tradesBetween } from './market-record.js';
import { HOUSE, type MicroMemory } from './memory.js';
import { indexKey, MICRO_PART } from './rows.js';
import type { IndexRecord, MicroGuard, MicroRow, WindowTrade } from './types.js';

/**
 * A pass runs this long after a whole second, so that every trade applied at or before it has
 * been applied; it then waits for their commit before reading them.
 */
const GRACE_MS = 20;
/** After a failed pass (the core rebuilding, the store away) the next one is tried this soon. */
const RETRY_MS = 200;
/** Evaluated open indexes are kept in memory this long, for the closing push's evidence. */
const KEEP_INDEX_MS = 3_600_000;

export class MicroSettlement {
  private db!: Db;
  private timer: Timer | null = null;
  private timerAt = Infinity;
  private passing = false;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly seq: Sequencer,
    private readonly memory: MicroMemory,
    private readonly guardOf: (marketId: number) => MicroGuard,
    private readonly onPass: (moment: number, settled: number, lagMs: number) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** After a load: passes read windows older than memory from `db`; the next one is set. */
  resume(db: Db) {
    this.db = db;
    this.schedule();
  }

  // ---- Market record: after each commit ----

  afterCommit(committed: Committed): void {
    const spot = spotChanges(committed);
    const now = this.seq.clock.now();
    const { record } = this.memory;
    for (const t of spot.trades) {
      if (record.watched(t.marketId))
        record.addTrade(t.marketId, {
          id: t.id,
          at: t.createdAt.getTime(),
          price: t.price,
          qty: t.qty,
          users: [t.makerUserId, t.takerUserId],
        });
    }
    if (now - this.lastPrune > 5_000) {
      this.lastPrune = now;
      record.prune(now);
    }
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  // ---- A pass at each whole second some order waits for ----

  /** Sets the timer for the earliest due moment, or `delay` ms from now (a retry). */
  schedule(delay?: number) {
    if (this.stopped) return;
    let next = Infinity;
    for (const m of this.memory.moments.keys()) if (m < next) next = m;
    const now = this.seq.clock.now();
    const at = delay === undefined ? next + GRACE_MS : now + delay;
    if (at === Infinity || (this.timer && at >= this.timerAt && delay === undefined)) return;
    this.timer?.cancel();
    this.timer = null;
    this.timerAt = at;
    // A clock may run a timer due at once before `after` returns.
    let fired = false;
    const timer = this.seq.clock.after(Math.max(0, at - now), () => {
      fired = true;
      this.timer = null;
      this.timerAt = Infinity;
      // Returned, so that a simulated clock waits for the pass (it never rejects).
      return this.pass();
    });
    if (!fired) this.timer = timer;
  }

  /** Settles everything due now; resolves when the pass is done (tests and the bench wait on it). */
  async pass(): Promise<void> {
    if (this.passing || this.stopped) return;
    this.passing = true;
    let failed = false;
    try {
      const now = this.seq.clock.now();
      const moments = [...this.memory.moments.keys()];
      const due = moments.filter((m) => m + GRACE_MS <= now).sort((a, b) => a - b);
      if (!due.length) return;
      // Every trade applied up to now is committed, and recorded by afterCommit, after this.
      await this.seq.acknowledge(() => undefined);
      // Windows older than memory (orders due while the server was down) are read from the store.
      const fetched = new Map<string, WindowTrade[]>();
      for (const m of due) {
        for (const marketId of this.marketsAt(m)) {
          if (this.memory.record.covers(marketId, m)) continue;
          fetched.set(
            indexKey(marketId, m),
            await tradesBetween(this.db, marketId, m - micro.INDEX_WINDOW_MS, m),
          );
        }
      }
      this.seq.ensureRunning();
      const settled = await this.seq.run(() => this.evaluate(due, fetched));
      const done = this.seq.clock.now();
      this.onPass(due.at(-1) ?? now, settled, done - (due.at(-1) ?? now));
      const { indexes } = this.memory;
      for (const [key, rec] of indexes) if (rec.at < done - KEEP_INDEX_MS) indexes.delete(key);
    } catch (err) {
      failed = true;
      this.onError(err);
    } finally {
      this.passing = false;
      this.schedule(failed ? RETRY_MS : undefined);
    }
  }

  private marketsAt(moment: number): Set<number> {
    const ids = new Set<number>();
    for (const id of this.memory.moments.get(moment) ?? []) {
      const r = this.memory.open.get(id);
      if (r) ids.add(r.marketId);
    }
    return ids;
  }

  /** Inside `run`: evaluates each due moment's indexes and opens or settles its orders. */
  private evaluate(due: number[], fetched: Map<string, WindowTrade[]>): number {
    const at = dateOf(this.seq.clock);
    const { memory } = this;
    const part = this.seq.batch.part(MICRO_PART);
    let settled = 0;
    for (const moment of due) {
      const ids = memory.moments.get(moment);
      memory.moments.delete(moment);
      if (!ids) continue;
      const made = new Map<number, IndexRecord>();
      const indexOf = (marketId: number): IndexRecord => {
        let rec = made.get(marketId);
        if (!rec) {
          const pair = memory.pairs.get(marketId);
          const pd = pair?.priceDecimals ?? SCALE;
          const stored = fetched.get(indexKey(marketId, moment));
          rec = indexRecord(
            marketId,
            pd,
            moment,
            stored ?? memory.record.tradesOf(marketId),
            this.guardOf(marketId),
          );
          made.set(marketId, rec);
          part.indexes.set(indexKey(marketId, moment), rec);
        }
        return rec;
      };
      const rows: MicroRow[] = [];
      for (const id of ids) {
        const r = memory.open.get(id);
        if (r) rows.push(r);
      }
      // Opens first (an order may open and end at moments of the same pass).
      for (const r of rows) {
        if (r.openAt !== moment || r.openPrice !== null) continue;
        const rec = indexOf(r.marketId);
        // The bettor's own trades never count toward their own order's index.
        const own = indexFor(rec, r.userId, r).value;
        if (own === null) {
          this.settle(r, null, null, at, { open: rec, end: null });
          settled += 1;
        } else {
          r.openPrice = own;
          memory.indexes.set(indexKey(r.marketId, moment), rec);
          part.rows.set(r.id, r);
        }
      }
      // Then ends: losses before wins, so the house holds a bucket's losing stakes before it pays.
      const ending = rows
        .filter((r) => r.endAt === moment && memory.open.has(r.id))
        .map((r) => {
          const rec = indexOf(r.marketId);
          const own = indexFor(rec, r.userId, r).value;
          return { r, rec, end: own, s: this.result(r, own) };
        })
        .sort((a, b) => rank(a.s.outcome) - rank(b.s.outcome));
      for (const { r, rec, end, s } of ending) {
        const open = memory.indexes.get(indexKey(r.marketId, r.openAt)) ?? null;
        this.settle(r, s, end, at, open ? { open, end: rec } : null, false);
        settled += 1;
      }
      // Every order of the buckets ending now has settled: the buckets go, with their exposure.
      for (const { r } of ending) memory.exposure.drop(r.marketId, r.currencyId, r.endAt);
    }
    return settled;
  }

  private result(r: MicroRow, end: bigint | null): micro.MicroSettlement {
    const d = this.memory.decimalsOf(r.currencyId);
    return micro.settleMicro(
      {
        direction: r.type,
        stake: fromScale(r.number, d),
        fee: fromScale(r.fee, d),
        ratio: r.ratio,
        decimals: d,
      },
      r.openPrice,
      end,
    );
  }

  /** Posts an order's settlement and closes it. Inside `run` only. */
  private settle(
    r: MicroRow,
    computed: micro.MicroSettlement | null,
    end: bigint | null,
    at: Date,
    evidence: { open: IndexRecord; end: IndexRecord | null } | null,
    bucket = true,
  ) {
    const d = this.memory.decimalsOf(r.currencyId);
    const s = computed ?? this.result(r, null);
    const { ledger } = this.seq;
    const account = ledger.user(r.userId, r.currencyId, ACCOUNT_TYPE.micro);
    const house = ledger.system(HOUSE, r.currencyId);
    const held = r.number + r.fee;
    const toUser = toLedger(s.toUser, d);
    // The house receives what the user does not get back and pays what exceeds the hold.
    ledger.post({ kind: JOURNAL_KIND.microSettle, refId: r.id, at }, [
      { account, bucket: 1, amount: -held },
      { account, bucket: 0, amount: toUser },
      { account: house, bucket: 0, amount: held - toUser },
    ]);
    this.memory.removeOpen(r, bucket);
    r.status = MICRO_STATUS.closed;
    r.endPrice = end;
    r.outcome = s.outcome;
    r.factProfits = toLedger(s.factProfit, d);
    r.settledAt = at;
    const part = this.seq.batch.part(MICRO_PART);
    part.rows.set(r.id, r);
    if (evidence) part.evidence.set(r.id, evidence);
  }
}

function rank(outcome: micro.MicroOutcome): number {
  return outcome === 'loss' ? 0 : outcome === 'win' ? 2 : 1;
}
