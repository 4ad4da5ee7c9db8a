/**
 * The leverage desk's risk passes and timers, all on the core's clock (`sequencer.clock`): after
 * each commit the pairs whose book or trades moved get a tick (at most one per `TICK_MS`), a
 * heartbeat ticks once a second the pairs whose mark moved with time, and the overnight fee is
 * charged at each 00:00 Asia/Bangkok. A tick re-marks the desk, closes stops, capped gains and
 * stop-outs, and fills or cancels the waiting entrusts the mark reached.
 */
import { ACCOUNT_TYPE, JOURNAL_KIND, LEVER_STATUS } from '@exchange/contract';
import { fromUnits, lever, price } from '@exchange/engine';
import { fromScale } from '../../core/amounts.js';
import { dateOf, type Timer } from '../../core/clock.js';
import type { Committed } from '../../core/types.js';
import { spotChanges } from '../spot/index.js';
import { bangkokDay, chargeOvernight, untilBangkokMidnight } from './overnight.js';
import { LEVER_PART } from './rows.js';
import { applyClose, balancesOf, cancelRow, HOUSE, reduceOnlyRate } from './settle.js';
import type { LeverState } from './state.js';
import type { LeverRow, LeverTerms } from './types.js';

/** A pair's risk is checked at most this often while its book or trades change. */
const TICK_MS = 100;
/** While positions are open the mark is looked at this often even if no book changes. */
const HEARTBEAT_MS = 1000;
/** The overnight fee runs this long after 00:00 in Bangkok (the day has surely turned). */
const OVERNIGHT_SLACK_MS = 50;

/** Where the timers' failures go: the handler's log (`what` says which timer, when not a tick). */
export type OnError = (err: unknown, what?: string) => void;

export class LeverRisk {
  /** The mark each pair was last ticked at (ledger units; null: thin). */
  private tickedMark = new Map<number, bigint | null>();
  private lastTick = new Map<number, number>();
  private ticks = new Map<number, Timer>();
  private heartbeat: Timer | null = null;
  private overnight: Timer | null = null;
  private stopped = false;

  constructor(
    private readonly s: LeverState,
    private readonly onError: OnError,
  ) {}

  /**
   * Follows committed spot changes: each changed book's depth mid goes into its pair's mark
   * record, and the pairs they moved get a risk tick.
   */
  afterCommit(committed: Committed): void {
    const s = this.s;
    const spot = spotChanges(committed);
    const now = s.clock();
    const moved = new Set<number>();
    for (const t of spot.trades) moved.add(t.marketId);
    for (const [id, book] of spot.books) {
      // Every pair's (a pair opened for leverage later has its record already).
      const settings = s.markSettings.get(id);
      if (settings) s.marks.record(id, price.depthOf(book), settings, now);
      moved.add(id);
    }
    for (const id of moved) if (s.openHands(id) > 0) this.schedule(id);
    this.startHeartbeat();
  }

  /**
   * Starts the timers (the server is ready): the heartbeat, and the overnight fee, charged at
   * once for the current Bangkok day (a midnight passed while the server was down; a day charged
   * already is skipped), then at each next 00:00 in Bangkok.
   */
  start(): void {
    this.stopped = false;
    this.startHeartbeat();
    this.overnight?.cancel();
    this.overnight = null;
    void this.chargeToday();
    this.nextOvernight();
  }

  /** Stops every timer (the server is closing): nothing is scheduled again until `start`. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.ticks.values()) timer.cancel();
    this.ticks.clear();
    this.heartbeat?.cancel();
    this.heartbeat = null;
    this.overnight?.cancel();
    this.overnight = null;
  }

  /**
   * The mark moves with time as well as with the book (it is an average): once a second each
   * pair with live rows whose mark changed since its last tick, or with entrusts waiting, ticks.
   */
  private startHeartbeat(): void {
    if (this.heartbeat !== null || this.stopped) return;
    const beat = () => {
      this.heartbeat = this.s.seq.clock.after(HEARTBEAT_MS, beat);
      for (const id of this.s.hands.keys()) {
        if (this.s.openHands(id) <= 0) continue;
        const ticked = this.tickedMark.get(id);
        if (ticked === undefined || ticked !== this.s.markPrice(id) || this.s.entrusts.get(id))
          this.schedule(id);
      }
    };
    this.heartbeat = this.s.seq.clock.after(HEARTBEAT_MS, beat);
  }

  private schedule(marketId: number): void {
    if (this.ticks.has(marketId) || this.stopped) return;
    const { clock } = this.s.seq;
    const wait = Math.max(0, (this.lastTick.get(marketId) ?? 0) + TICK_MS - clock.now());
    this.ticks.set(
      marketId,
      clock.after(wait, () => {
        this.ticks.delete(marketId);
        this.lastTick.set(marketId, clock.now());
        // Returned, so that a simulated clock waits for the tick before time moves on.
        try {
          return this.tick(marketId).catch(this.onError);
        } catch (err) {
          this.onError(err);
        }
      }),
    );
  }

  private chargeToday(): Promise<void> {
    const day = bangkokDay(this.s.seq.clock.now());
    const failed = (err: unknown) =>
      this.onError(err, `lever overnight fee of ${day} failed; retried at start or next midnight`);
    try {
      return chargeOvernight(this.s, day).then(() => undefined, failed);
    } catch (err) {
      failed(err);
      return Promise.resolve();
    }
  }

  private nextOvernight(): void {
    if (this.stopped) return;
    const { clock } = this.s.seq;
    this.overnight = clock.after(untilBangkokMidnight(clock.now()) + OVERNIGHT_SLACK_MS, () => {
      this.overnight = null;
      this.nextOvernight();
      return this.chargeToday();
    });
  }

  /**
   * One risk pass of a pair at its mark now: the desk re-marks the pair's positions, closes stops
   * and capped gains and liquidates at stop-out; then waiting entrusts whose target the mark
   * crossed open at their target, or are cancelled when their user's hazard rate at this mark
   * would be 100 % or less. While the pair's book is thin (no mark) nothing happens.
   */
  tick(marketId: number): Promise<void> {
    const s = this.s;
    const terms = s.terms.get(marketId);
    const mark = s.markPrice(marketId);
    this.tickedMark.set(marketId, mark);
    if (!terms || mark === null) return Promise.resolve();
    try {
      s.seq.ensureRunning();
    } catch {
      // The core is reloading: the next change of the book ticks again.
      return Promise.resolve();
    }
    const pd = terms.priceDecimals;
    const markText = fromUnits(fromScale(mark, pd), pd);
    return s.seq.run(() => {
      const at = dateOf(s.seq.clock);
      const { ledger } = s.seq;
      s.desk.tick(marketId, fromScale(mark, pd), balancesOf(s), (close) =>
        applyClose(s, close, at),
      );
      for (const r of [...s.rows.values()]) {
        if (r.marketId !== marketId || r.status !== LEVER_STATUS.entrust || r.targetPrice === null)
          continue;
        if (!lever.entrustReached(r.side, markText, fromUnits(fromScale(r.targetPrice, pd), pd)))
          continue;
        // Reduce-only at fill too: an entrust that would leave its user at 100 % or less (its
        // margin and fee are held already; everything valued at the marks the desk holds now,
        // this pair's just set) is cancelled, its hold released.
        if (fillRate(s, r, terms, fromScale(mark, pd)) !== null) {
          cancelRow(s, r, at);
          continue;
        }
        const account = ledger.user(r.userId, terms.quoteCurrencyId, ACCOUNT_TYPE.lever);
        ledger.post({ kind: JOURNAL_KIND.leverOpen, refId: r.id, at }, [
          { account, bucket: 1, amount: -r.fee },
          { account: ledger.system(HOUSE, terms.quoteCurrencyId), bucket: 0, amount: r.fee },
        ]);
        s.addPayout(terms.quoteCurrencyId, -r.maxPayout);
        s.addEntrusts(r.marketId, -1);
        r.status = LEVER_STATUS.trading;
        r.updatedAt = at;
        s.desk.add(s.deskPosition(r));
        s.seq.batch.part(LEVER_PART).rows.set(r.id, r);
      }
    });
  }
}

/**
 * The hazard rate (percent text) an entrust would leave its user at if it opened now at `mark`
 * (price units), when that is 100 % or less; null when it may open.
 */
function fillRate(s: LeverState, r: LeverRow, terms: LeverTerms, mark: bigint): string | null {
  const d = terms.amountDecimals;
  const position = s.deskPosition(r);
  const risk = s.desk.risk(r.userId, terms.quoteCurrencyId);
  return reduceOnlyRate(
    fromScale(s.free(r.userId, terms.quoteCurrencyId), d),
    risk.margins + position.margin,
    risk.profits + s.desk.profitAt(position, mark),
    d,
  );
}
