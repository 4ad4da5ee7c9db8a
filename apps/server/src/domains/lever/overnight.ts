/**
 * The overnight fee of open lever positions: the Bangkok day it is charged for, the wait until
 * the next one starts (risk.ts sets its timer on the core's clock), and the charge itself, a
 * command of the handler (handler.ts).
 */
import { ACCOUNT_TYPE, JOURNAL_KIND, LEVER_STATUS } from '@exchange/contract';
import { fromUnits, lever, toUnits } from '@exchange/engine';
import { fromScale, toScale } from '../../core/amounts.js';
import { dateOf } from '../../core/clock.js';
import { systemState } from '../../db/schema.js';
import { LEVER_PART } from './rows.js';
import { checkUser, HOUSE } from './settle.js';
import type { LeverState } from './state.js';

const DAY_MS = 86_400_000;
/** Asia/Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_MS = 7 * 3_600_000;
/** system_state key of the last Bangkok day whose overnight fee was charged. */
export const OVERNIGHT_KEY = 'lever.overnight_day';

/** The Bangkok date (YYYY-MM-DD) of an instant. */
export function bangkokDay(ms: number): string {
  return new Date(ms + BANGKOK_MS).toISOString().slice(0, 10);
}

/** Milliseconds from `ms` to the next 00:00 in Bangkok. */
export function untilBangkokMidnight(ms: number): number {
  const local = ms + BANGKOK_MS;
  return (Math.floor(local / DAY_MS) + 1) * DAY_MS - local;
}

/**
 * The overnight fee of `day` (a Bangkok date), once: each open position pays number × mark ×
 * its pair's overnight rate, from the free lever balance first, then from its margin (never
 * more than it holds); the house receives it and `overnight_money` adds it up. Users whose
 * equity fell are checked at stop-out. A day already charged is skipped (also after a restart:
 * the day is stored with the batch). Resolves to the number of positions charged.
 */
export function chargeOvernight(s: LeverState, day: string): Promise<number> {
  s.seq.ensureRunning();
  if (s.chargedDay !== null && s.chargedDay >= day) return s.seq.acknowledge(() => 0);
  return s.seq.run(() => {
    const at = dateOf(s.seq.clock);
    const { ledger } = s.seq;
    let charged = 0;
    const users = new Set<string>();
    for (const row of [...s.rows.values()]) {
      if (row.status !== LEVER_STATUS.trading) continue;
      const terms = s.terms.get(row.marketId);
      const mark = s.markPrice(row.marketId);
      if (!terms || mark === null) continue;
      const d = terms.amountDecimals;
      const pd = terms.priceDecimals;
      const fee = toUnits(
        lever.overnightFee(
          fromUnits(fromScale(row.number, terms.qtyDecimals), terms.qtyDecimals),
          fromUnits(fromScale(mark, pd), pd),
          terms.overnightRate,
          d,
        ),
        d,
      );
      if (fee <= 0n) continue;
      const currency = terms.quoteCurrencyId;
      const account = ledger.user(row.userId, currency, ACCOUNT_TYPE.lever);
      const free = fromScale(account.available, d);
      const fromFree = fee < free ? fee : free;
      const fromMargin = s.desk.takeFromMargin(row.id, fee - fromFree);
      const total = fromFree + fromMargin;
      if (total === 0n) continue;
      ledger.post({ kind: JOURNAL_KIND.leverOvernight, refId: row.id, at }, [
        { account, bucket: 0, amount: -toScale(fromFree, d) },
        { account, bucket: 1, amount: -toScale(fromMargin, d) },
        { account: ledger.system(HOUSE, currency), bucket: 0, amount: toScale(total, d) },
      ]);
      row.margin -= toScale(fromMargin, d);
      row.overnight += toScale(total, d);
      row.updatedAt = at;
      s.seq.batch.part(LEVER_PART).rows.set(row.id, row);
      users.add(`${String(row.userId)}:${String(currency)}`);
      charged += 1;
    }
    for (const key of users) {
      const [userId, currency] = key.split(':').map(Number) as [number, number];
      checkUser(s, userId, currency, at);
    }
    s.chargedDay = day;
    s.seq.batch.extras.push((tx) =>
      tx
        .insert(systemState)
        .values({ key: OVERNIGHT_KEY, value: day })
        .onConflictDoUpdate({ target: systemState.key, set: { value: day } }),
    );
    return charged;
  });
}
