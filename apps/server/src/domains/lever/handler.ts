/**
 * The leverage product's handler of the core: its memory (state.ts), read from the store by
 * load.ts, its users' commands (commands.ts), the operator's terms (terms.ts), the risk passes
 * and timers (risk.ts) and the overnight fee (overnight.ts); this class is what the routes,
 * pushes, demo and sequencer call. All its time and timers come from the core's clock.
 */
import { ACCOUNT_TYPE, LEVER_STATUS } from '@exchange/contract';
import { fromUnits, lever, type price } from '@exchange/engine';
import { fromScale, toScale } from '../../core/amounts.js';
import type { Handler, Lock } from '../../core/handler.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Committed } from '../../core/types.js';
import type { Db } from '../../db/client.js';
import type { SpotHandler } from '../spot/index.js';
import * as commands from './commands.js';
import { leverSnapshot, loadLever } from './load.js';
import { chargeOvernight } from './overnight.js';
import { LeverRisk, type OnError } from './risk.js';
import { LeverState } from './state.js';
import { setStopOut, setTerms } from './terms.js';
import type { LeverRow, LeverTerms, PairMark, SubmitInput, TermsInput } from './types.js';

export { DEFAULT_MARK, DEFAULT_STOP_OUT } from './terms.js';
export { rowOf as leverRowOf } from './load.js';
export type { PairMark, SubmitInput, TermsInput } from './types.js';

/**
 * Leveraged trading: contracts for difference against the house (ARCHITECTURE §1 and §4a). A
 * position's margin is held in the user's lever account; its fee goes to the `lever-house` account
 * of the quote currency, which pays gains and receives losses; what a user cannot pay of a loss
 * comes from `lever-insurance`, never from the user beyond what they hold. The maths and the risk
 * desk are packages/engine's (`lever`); this handler applies their results to the ledger.
 */
export class LeverHandler implements Handler {
  readonly name = 'lever';
  private readonly s: LeverState;
  private readonly risk: LeverRisk;

  /**
   * `clock` is the mark price's sample clock (its samples and its window): the core's clock
   * unless tests drive it. Every other time and timer is the core's (`seq.clock`). `onError`
   * hears what failed in a timer (a risk tick, the overnight fee).
   */
  constructor(
    private readonly seq: Sequencer,
    spot: SpotHandler,
    onError: OnError = () => undefined,
    clock: () => number = () => seq.clock.now(),
  ) {
    this.s = new LeverState(seq, spot, clock);
    this.risk = new LeverRisk(this.s, onError);
    // The house keeps what its open positions could win: a draw stops there.
    seq.keepFloor('lever-house', (currencyId) => this.exposure(currencyId));
  }

  async load(db: Db) {
    await loadLever(this.s, db);
  }

  /** Memory as plain data (see `Handler.snapshot` and `leverSnapshot`). */
  snapshot(): unknown {
    return leverSnapshot(this.s);
  }

  /** What live rows hold in lever accounts: a waiting entrust its margin and fee, a position its margin. */
  *locks(): Iterable<Lock> {
    for (const r of this.s.rows.values()) {
      const terms = this.s.terms.get(r.marketId);
      if (!terms) continue;
      const amount = r.status === LEVER_STATUS.entrust ? r.margin + r.fee : r.margin;
      yield {
        userId: r.userId,
        currencyId: terms.quoteCurrencyId,
        type: ACCOUNT_TYPE.lever,
        amount,
      };
    }
  }

  // ---- Reads (memory as committed and applied) ----

  termsOf(marketId: number): LeverTerms | undefined {
    return this.s.terms.get(marketId);
  }

  allTerms(): LeverTerms[] {
    return [...this.s.terms.values()];
  }

  get stopOut(): string {
    return this.s.stopOutLevel;
  }

  row(id: number): LeverRow | undefined {
    return this.s.rows.get(id);
  }

  /** Live rows (entrusts and open positions) of a user, newest first. */
  liveRowsOf(userId: number, marketId?: number): LeverRow[] {
    return [...this.s.rows.values()]
      .filter((r) => r.userId === userId && (marketId === undefined || r.marketId === marketId))
      .sort((a, b) => b.id - a.id);
  }

  /** Each (user, quote currency) holding open positions now. */
  holders(): { userId: number; currencyId: number }[] {
    return this.s.holders();
  }

  /** A user's open positions in a quote currency, newest first. */
  openRowsOf(userId: number, currencyId: number): LeverRow[] {
    return [...this.s.rows.values()]
      .filter(
        (r) =>
          r.userId === userId &&
          r.status === LEVER_STATUS.trading &&
          this.s.terms.get(r.marketId)?.quoteCurrencyId === currencyId,
      )
      .sort((a, b) => b.id - a.id);
  }

  /** The user's free lever balance in a currency, ledger units. */
  free(userId: number, currencyId: number): bigint {
    return this.s.free(userId, currencyId);
  }

  /** What the house must be able to pay in a currency: open positions' and entrusts' largest gains. */
  exposure(currencyId: number): bigint {
    return this.s.exposure(currencyId);
  }

  /**
   * Mark price of a pair now (ledger units), null while its book is thin: the time-weighted
   * average of the committed book's depth mid over the pair's window, the current depth mid
   * clamped to the band around it (engine `price.markPrice`, docs/architecture.md §4a).
   */
  markPrice(marketId: number): bigint | null {
    return this.s.markPrice(marketId);
  }

  /**
   * The mark a user's own close (`close`, `batchClose`) is priced at now (ledger units): the
   * pair's mark while it is ok; while it is thin, the last ok mark the pair had, if that stood
   * within the pair's window (now − mark_window_s, now]; otherwise null (`lever.no_mark`), as
   * right after a start, when the samples and so the last ok mark are gone.
   *
   * Why a thin book may not keep a trader in: the last ok mark was itself the depth mid clamped
   * to the band around the window's average, so a pusher who thins the book after pushing gets
   * exactly what closing a moment earlier, while the mark was ok, would have given, and nothing
   * the thin book makes up (the mark is not re-read while thin). What it does give away is a
   * window's worth of staleness: the trader may close at that price for at most one window while
   * the outside price moves; the window bounds it. The house never acts on it: stops, capped
   * gains, liquidations and entrust fills still need an ok mark (`tick`), and nothing opens
   * while thin (`submit`). Closing only reduces the house's exposure.
   */
  closeMark(marketId: number): bigint | null {
    return this.s.closeMark(marketId);
  }

  /** A pair's mark now with its average and the depth within the band (ledger units). */
  markOf(marketId: number): PairMark {
    return this.s.markOf(marketId);
  }

  /**
   * The exposure bound of a pair (engine `price.exposureCheck`) with its net quantity after a
   * change: null when the book in memory has no mid.
   */
  exposureCheckOf(marketId: number, net: bigint, markTicks: bigint): price.ExposureCheck | null {
    return this.s.exposureCheckOf(marketId, net, markTicks);
  }

  /** Profit of an open row at a mark (ledger units; realised rows: their profit). */
  profitOf(row: LeverRow, mark: bigint | null): bigint {
    if (row.status !== LEVER_STATUS.trading) return row.profit ?? 0n;
    const terms = this.s.terms.get(row.marketId);
    if (!terms || mark === null) return 0n;
    const position = this.s.desk.get(row.id);
    if (!position) return 0n;
    return toScale(
      this.s.desk.profitAt(position, fromScale(mark, terms.priceDecimals)),
      terms.amountDecimals,
    );
  }

  /** Hazard rate (percent, 2 decimals) of a user in a currency at the current marks. */
  hazardRate(userId: number, currencyId: number): string | null {
    const terms = [...this.s.terms.values()].find((t) => t.quoteCurrencyId === currencyId);
    if (!terms) return null;
    const d = terms.amountDecimals;
    const risk = this.s.desk.risk(userId, currencyId);
    return lever.hazardRate(
      fromUnits(fromScale(this.free(userId, currencyId), d), d),
      [fromUnits(risk.margins, d)],
      [fromUnits(risk.profits, d)],
    );
  }

  /** Open hands (positions and waiting entrusts) of a pair. */
  openHands(marketId: number): number {
    return this.s.openHands(marketId);
  }

  /** Open positions in a quote currency. */
  openPositions(currencyId: number): number {
    let n = 0;
    for (const r of this.s.rows.values()) {
      if (
        r.status === LEVER_STATUS.trading &&
        this.s.terms.get(r.marketId)?.quoteCurrencyId === currencyId
      )
        n += 1;
    }
    return n;
  }

  /** Balance of the house or the insurance account in a currency. */
  systemBalance(code: 'lever-house' | 'lever-insurance', currencyId: number): bigint {
    return this.seq.ledger.system(code, currencyId).available;
  }

  /** The Bangkok day (YYYY-MM-DD) whose overnight fee was charged last, null before the first. */
  get overnightDay(): string | null {
    return this.s.chargedDay;
  }

  // ---- The operator's commands (terms.ts) ----

  /**
   * Sets the stop-out level (percent, validated by the caller); users at or below it now are
   * liquidated at once, at the current marks.
   */
  setStopOut(level: string, actorId: number): Promise<string> {
    return setStopOut(this.s, level, actorId);
  }

  /** Changes a pair's lever terms; the caller has validated them (see admin-routes.ts). */
  setTerms(marketId: number, change: TermsInput, actorId: number): Promise<LeverTerms> {
    return setTerms(this.s, marketId, change, actorId);
  }

  // ---- The users' commands (commands.ts) ----

  /** Opens a position at the mark (`status` 1) or locks a limit entrust at its target (0). */
  submit(input: SubmitInput): Promise<LeverRow> {
    return commands.submit(this.s, input);
  }

  /** Cancels the user's waiting entrust. */
  cancel(userId: number, id: number): Promise<LeverRow> {
    return commands.cancel(this.s, userId, id);
  }

  /** Closes the user's open position at `closeMark`. */
  close(userId: number, id: number): Promise<LeverRow> {
    return commands.close(this.s, userId, id);
  }

  /** Sets or clears (empty or zero) the stops of the user's open position. */
  setStops(
    userId: number,
    id: number,
    stopProfit: string | null,
    stopLoss: string | null,
  ): Promise<LeverRow> {
    return commands.setStops(this.s, userId, id, stopProfit, stopLoss);
  }

  /** Closes the user's open positions of a pair (0 all, 1 long, 2 short) at one mark price. */
  batchClose(
    userId: number,
    marketId: number,
    type: 0 | 1 | 2,
  ): Promise<{ ids: number[]; mark: bigint | null }> {
    return commands.batchClose(this.s, userId, marketId, type);
  }

  // ---- Risk and fees (risk.ts, overnight.ts) ----

  /**
   * The overnight fee of `day` (a Bangkok date), once; resolves to the positions charged (see
   * overnight.ts). The timer started by `start` charges each day at 00:00 Asia/Bangkok.
   */
  chargeOvernight(day: string): Promise<number> {
    return chargeOvernight(this.s, day);
  }

  /** Follows committed spot changes: marks recorded, the moved pairs ticked (see risk.ts). */
  afterCommit(committed: Committed): void {
    this.risk.afterCommit(committed);
  }

  /** Starts the timers: the heartbeat and the overnight fee (charged for today at once). */
  start(): void {
    this.risk.start();
  }

  /** Stops the timers (the server is closing). */
  stop(): void {
    this.risk.stop();
  }

  /** One risk pass of a pair at its mark now (see `LeverRisk.tick`). */
  tick(marketId: number): Promise<void> {
    return this.risk.tick(marketId);
  }
}
