/**
 * How a live lever row ends, and the money of the risk desk: a close's settlement posted to the
 * ledger (user, `lever-house`, `lever-insurance`), an entrust's cancel releasing its hold, the
 * balances the desk settles against, and the reduce-only rule. Called inside `sequencer.run`
 * by commands.ts, terms.ts, risk.ts and overnight.ts.
 */
import { ACCOUNT_TYPE, JOURNAL_KIND, LEVER_STATUS } from '@exchange/contract';
import { fromUnits, lever } from '@exchange/engine';
import { fromScale, scaled, toScale } from '../../core/amounts.js';
import { LEVER_PART } from './rows.js';
import type { LeverState } from './state.js';
import type { LeverRow, LeverTerms } from './types.js';

/** The counterparty of every position: takes fees and losses, pays gains. */
export const HOUSE = 'lever-house';
/** Pays what a stopped-out user cannot of a loss. */
export const INSURANCE = 'lever-insurance';
/** At or below this hazard rate (percent) a user may only reduce. */
const REDUCE_ONLY_HUNDREDTHS = 10000n;

/** The balances the desk settles against, in each currency's amount units. */
export function balancesOf(s: LeverState): lever.DeskBalances {
  return {
    free: (userId, currency) => fromScale(s.free(userId, currency), s.decimalsOf(currency)),
    insurance: (currency) =>
      fromScale(s.seq.ledger.system(INSURANCE, currency).available, s.decimalsOf(currency)),
  };
}

/**
 * Checks a user at stop-out at the marks the desk holds (after their equity fell or the level
 * rose); skipped while one of their pairs is thin (see `LeverState.onThinPair`).
 */
export function checkUser(s: LeverState, userId: number, currencyId: number, at: Date): void {
  if (s.onThinPair(userId, currencyId)) return;
  s.desk.checkUser(userId, currencyId, balancesOf(s), (close) => applyClose(s, close, at));
}

/** Posts a close's settlement and records how the position ended. Inside `run` only. */
export function applyClose(s: LeverState, close: lever.DeskClose, at: Date): void {
  const row = s.rows.get(close.position.id);
  const terms = row && s.terms.get(row.marketId);
  if (!row || !terms)
    throw new Error(`lever close of unknown position ${String(close.position.id)}`);
  const d = terms.amountDecimals;
  const pd = terms.priceDecimals;
  const settlement = close.settlement;
  const { ledger } = s.seq;
  const currency = terms.quoteCurrencyId;
  const account = ledger.user(row.userId, currency, ACCOUNT_TYPE.lever);
  const margin = toScale(settlement.marginBack, d);
  ledger.post({ kind: JOURNAL_KIND.leverClose, refId: row.id, at }, [
    { account, bucket: 1, amount: -margin },
    {
      account,
      bucket: 0,
      amount: margin + toScale(settlement.houseToUser - settlement.userToHouse, d),
    },
    {
      account: ledger.system(HOUSE, currency),
      bucket: 0,
      amount: toScale(
        settlement.userToHouse + settlement.insuranceToHouse - settlement.houseToUser,
        d,
      ),
    },
    {
      account: ledger.system(INSURANCE, currency),
      bucket: 0,
      amount: -toScale(settlement.insuranceToHouse, d),
    },
  ]);
  s.removeLive(row);
  row.status = LEVER_STATUS.closed;
  row.closeReason = close.reason;
  row.closeMarkPrice = scaled(close.markPrice, pd);
  row.closePrice = scaled(close.closePrice, pd);
  row.profit = toScale(close.profit, d);
  row.updatedAt = at;
  row.closedAt = at;
  s.seq.batch.part(LEVER_PART).rows.set(row.id, row);
}

/** Cancels a waiting entrust: its margin and fee go back to the free balance. Inside `run`. */
export function cancelRow(s: LeverState, row: LeverRow, at: Date): void {
  const terms = s.terms.get(row.marketId) as LeverTerms;
  const { ledger } = s.seq;
  const account = ledger.user(row.userId, terms.quoteCurrencyId, ACCOUNT_TYPE.lever);
  ledger.post({ kind: JOURNAL_KIND.leverUnlock, refId: row.id, at }, [
    { account, bucket: 1, amount: -(row.margin + row.fee) },
    { account, bucket: 0, amount: row.margin + row.fee },
  ]);
  s.removeLive(row);
  row.status = LEVER_STATUS.cancelled;
  row.updatedAt = at;
  row.closedAt = at;
  s.seq.batch.part(LEVER_PART).rows.set(row.id, row);
}

/**
 * The hazard rate (percent text) of free + margins + profits (money units at `d`) when it is at
 * or below 100 %, where a user may only reduce; null above.
 */
export function reduceOnlyRate(
  free: bigint,
  margins: bigint,
  profits: bigint,
  d: number,
): string | null {
  if (!lever.atOrBelowStopOut(free, margins, profits, REDUCE_ONLY_HUNDREDTHS)) return null;
  return (
    lever.hazardRate(fromUnits(free, d), [fromUnits(margins, d)], [fromUnits(profits, d)]) ?? '0'
  );
}
