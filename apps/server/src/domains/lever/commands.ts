/**
 * A lever user's commands (handler.ts): open a position or a limit entrust, cancel an entrust,
 * close one position or a pair's side, set the stops. Each validates and checks funds and the
 * house's cover first (refusing with a result code, nothing changed), then applies inside
 * `sequencer.run`, at the core clock's time.
 */
import { ACCOUNT_TYPE, JOURNAL_KIND, LEVER_STATUS } from '@exchange/contract';
import { fromUnits, lever, toUnits } from '@exchange/engine';
import { fromScale, scaled, toScale } from '../../core/amounts.js';
import { dateOf } from '../../core/clock.js';
import { parsePrice } from '../../core/parse.js';
import { reject } from '../../core/result.js';
import { LEVER_PART } from './rows.js';
import { applyClose, balancesOf, cancelRow, HOUSE, reduceOnlyRate } from './settle.js';
import { handsKey, type LeverState } from './state.js';
import type { LeverRow, LeverTerms, SubmitInput } from './types.js';

const abs = (v: bigint) => (v < 0n ? -v : v);

/** Opens a position at the mark (`status` 1) or locks a limit entrust at its target (0). */
export function submit(s: LeverState, input: SubmitInput): Promise<LeverRow> {
  s.seq.ensureRunning();
  const terms = s.terms.get(input.marketId);
  if (!terms) return reject('MARKET_NOT_FOUND');
  if (!terms.open) reject('LEVER_CLOSED_PAIR');
  if (!terms.multiples.includes(input.multiple))
    reject('LEVER_MULTIPLE', { multiples: terms.multiples.join(', ') });
  if (input.share < terms.minShare || input.share > terms.maxShare)
    reject('LEVER_SHARE_RANGE', { min: terms.minShare, max: terms.maxShare });
  const pd = terms.priceDecimals;
  const d = terms.amountDecimals;
  // A thin book gives no mark: nothing opens, not even an entrust (it would fill at a tick).
  const mark = s.markPrice(input.marketId);
  if (mark === null) return reject('LEVER_NO_MARK');
  let origin: string;
  if (input.status === 0) {
    if (!input.targetPrice) return reject('LEVER_PRICE_REQUIRED');
    // Bounded: a target no order could carry is refused before it reaches the core.
    origin = fromUnits(parsePrice(input.targetPrice, pd), pd);
  } else {
    origin = fromUnits(fromScale(mark, pd), pd);
  }
  // Hands held and waiting, the user's and the pair's.
  const userShares = s.userHands.get(handsKey(input.userId, input.marketId)) ?? 0;
  const pairShares = s.openHands(input.marketId);
  if (userShares + input.share > terms.maxShare)
    reject('LEVER_USER_LIMIT', { max: terms.maxShare, held: userShares });
  if (pairShares + input.share > terms.maxOpenInterest) reject('LEVER_OPEN_INTEREST');

  const entry = lever.entryPrice(input.side, origin, terms.pointRate, pd);
  const number = lever.positionNumber(input.share, terms.shareNum, terms.qtyDecimals);
  const margin = toUnits(lever.marginOf(entry, number, input.multiple, d), d);
  const fee = toUnits(lever.tradeFee(fromUnits(margin, d), terms.feeRate, d), d);
  const cap = toUnits(lever.maxPayout(entry, number, d), d);
  if (margin <= 0n) reject('INVALID_AMOUNT');
  const currency = terms.quoteCurrencyId;
  const free = s.free(input.userId, currency);
  if (free < toScale(margin + fee, d)) reject('INSUFFICIENT_FUNDS');
  const house = s.seq.ledger.system(HOUSE, currency).available;
  if (s.exposure(currency) + toScale(cap, d) > house) reject('LEVER_HOUSE_COVER');
  {
    // At 100 % or less after this position, the user may only reduce: a market position and
    // an entrust alike (the entrust valued at its own price, as a market one at the mark; its
    // fill is checked again, see `LeverRisk.tick`).
    const risk = s.desk.risk(input.userId, currency);
    const profit = toUnits(lever.profitAt(input.side, entry, origin, number, d), d);
    const freeAfter = fromScale(free, d) - margin - fee;
    const rate = reduceOnlyRate(freeAfter, risk.margins + margin, risk.profits + profit, d);
    if (rate !== null) reject('LEVER_RISK', { rate });
  }
  {
    // The house's exposure bound: a position that adds to the pair's net exposure is accepted
    // only while pushing the mark one band against the house costs `multiple` × what the
    // house would lose to it (docs/architecture.md §4a). One that reduces it always is.
    const qty = toUnits(number, terms.qtyDecimals);
    const before = s.netQty.get(input.marketId) ?? 0n;
    const after = before + (input.side === 1 ? qty : -qty);
    if (abs(after) > abs(before)) {
      const check = s.exposureCheckOf(input.marketId, after, fromScale(mark, pd));
      if (check === null) reject('LEVER_NO_MARK');
      else if (!check.ok) reject('LEVER_EXPOSURE_BOUND');
    }
  }

  return s.seq.run(() => {
    const at = dateOf(s.seq.clock);
    const { ledger } = s.seq;
    const account = ledger.user(input.userId, currency, ACCOUNT_TYPE.lever);
    const row: LeverRow = {
      id: s.nextId++,
      userId: input.userId,
      marketId: input.marketId,
      side: input.side,
      status: input.status === 1 ? LEVER_STATUS.trading : LEVER_STATUS.entrust,
      share: input.share,
      number: toScale(toUnits(number, terms.qtyDecimals), terms.qtyDecimals),
      multiple: input.multiple,
      originPrice: scaled(toUnits(origin, pd), pd),
      price: scaled(toUnits(entry, pd), pd),
      targetPrice: input.status === 0 ? scaled(toUnits(origin, pd), pd) : null,
      margin: toScale(margin, d),
      originMargin: toScale(margin, d),
      fee: toScale(fee, d),
      overnight: 0n,
      maxPayout: toScale(cap, d),
      stopProfit: null,
      stopLoss: null,
      closeReason: null,
      closeMarkPrice: null,
      closePrice: null,
      profit: null,
      createdAt: at,
      updatedAt: at,
      closedAt: null,
    };
    if (input.status === 1) {
      ledger.post({ kind: JOURNAL_KIND.leverOpen, refId: row.id, at }, [
        { account, bucket: 0, amount: -(row.margin + row.fee) },
        { account, bucket: 1, amount: row.margin },
        { account: ledger.system(HOUSE, currency), bucket: 0, amount: row.fee },
      ]);
      s.desk.add(s.deskPosition(row));
    } else {
      ledger.post({ kind: JOURNAL_KIND.leverLock, refId: row.id, at }, [
        { account, bucket: 0, amount: -(row.margin + row.fee) },
        { account, bucket: 1, amount: row.margin + row.fee },
      ]);
    }
    s.addLive(row);
    const part = s.seq.batch.part(LEVER_PART);
    part.created.add(row.id);
    part.rows.set(row.id, row);
    return { ...row };
  });
}

/** Cancels the user's waiting entrust: its margin and fee go back to the free balance. */
export function cancel(s: LeverState, userId: number, id: number): Promise<LeverRow> {
  s.seq.ensureRunning();
  const row = s.ownRow(userId, id);
  if (row.status !== LEVER_STATUS.entrust) reject('LEVER_NOT_ENTRUST');
  return s.seq.run(() => {
    cancelRow(s, row, dateOf(s.seq.clock));
    return { ...row };
  });
}

/** Closes the user's open position at the close mark (see `LeverState.closeMark`). */
export function close(s: LeverState, userId: number, id: number): Promise<LeverRow> {
  s.seq.ensureRunning();
  const row = s.ownRow(userId, id);
  if (row.status !== LEVER_STATUS.trading) reject('LEVER_NOT_OPEN');
  // The mark, or while the book is thin its last ok mark of the window (see `closeMark`);
  // `close_mark_price` records which price it was.
  const mark = s.closeMark(row.marketId);
  if (mark === null) return reject('LEVER_NO_MARK');
  return s.seq.run(() => {
    const terms = s.terms.get(row.marketId) as LeverTerms;
    const closed = s.desk.close(
      row.id,
      'user',
      balancesOf(s),
      fromScale(mark, terms.priceDecimals),
    );
    applyClose(s, closed, dateOf(s.seq.clock));
    return { ...row };
  });
}

/** Sets or clears (empty or zero) the stop-profit and stop-loss of the user's open position. */
export function setStops(
  s: LeverState,
  userId: number,
  id: number,
  stopProfit: string | null,
  stopLoss: string | null,
): Promise<LeverRow> {
  s.seq.ensureRunning();
  const row = s.ownRow(userId, id);
  if (row.status !== LEVER_STATUS.trading) reject('LEVER_NOT_OPEN');
  const terms = s.terms.get(row.marketId) as LeverTerms;
  const pd = terms.priceDecimals;
  // Stops may be set and cleared while the book is thin: that moves no money, and a stop fires
  // only on a tick at an ok mark, at that mark ∓ spread, never at its own price. Their sides
  // are checked against the price a close would get now (the mark, or its last ok value of
  // the window, see `closeMark`); with neither there is no price to check them against, and
  // the first ok mark decides (a stop on its wrong side then closes at that mark ∓ spread).
  const mark = s.closeMark(row.marketId);
  // Empty or zero clears a stop; any other value is a price no larger than an order's (bounded
  // to its NUMERIC column: an over-long stop once failed the batch and rebuilt the core).
  const parse = (value: string | null): bigint | null => {
    const text = value?.trim() ?? '';
    if (text === '' || /^0+(\.0+)?$/.test(text)) return null;
    return parsePrice(text, pd);
  };
  const tp = parse(stopProfit);
  const sl = parse(stopLoss);
  const problem =
    mark === null
      ? null
      : lever.stopProblem(
          row.side,
          fromUnits(fromScale(mark, pd), pd),
          tp === null ? null : fromUnits(tp, pd),
          sl === null ? null : fromUnits(sl, pd),
        );
  if (problem === 'stop_profit_side') reject('LEVER_STOP_PROFIT_SIDE');
  if (problem === 'stop_loss_side') reject('LEVER_STOP_LOSS_SIDE');
  return s.seq.run(() => {
    s.desk.setStops(row.id, tp, sl);
    row.stopProfit = tp === null ? null : scaled(tp, pd);
    row.stopLoss = sl === null ? null : scaled(sl, pd);
    row.updatedAt = dateOf(s.seq.clock);
    s.seq.batch.part(LEVER_PART).rows.set(row.id, row);
    return { ...row };
  });
}

/** Closes the user's open positions of a pair (0 all, 1 long, 2 short) at one mark price. */
export function batchClose(
  s: LeverState,
  userId: number,
  marketId: number,
  type: 0 | 1 | 2,
): Promise<{ ids: number[]; mark: bigint | null }> {
  s.seq.ensureRunning();
  const terms = s.terms.get(marketId);
  if (!terms) return reject('MARKET_NOT_FOUND');
  const chosen = [...s.rows.values()].filter(
    (r) =>
      r.userId === userId &&
      r.marketId === marketId &&
      r.status === LEVER_STATUS.trading &&
      (type === 0 || r.side === type),
  );
  if (chosen.length === 0) return s.seq.acknowledge(() => ({ ids: [], mark: null }));
  // As `close`: the mark, or while thin its last ok value of the window (answered as `mark`).
  const mark = s.closeMark(marketId);
  if (mark === null) return reject('LEVER_NO_MARK');
  return s.seq.run(() => {
    const at = dateOf(s.seq.clock);
    const markTicks = fromScale(mark, terms.priceDecimals);
    for (const r of chosen)
      applyClose(s, s.desk.close(r.id, 'close_all', balancesOf(s), markTicks), at);
    return { ids: chosen.map((r) => r.id), mark };
  });
}
