/**
 * A trader's micro order: validated against the pair's options and the currency's terms, the
 * user's funds and limits, and the house's exposure (the pair's cap, what deciding its index would
 * cost, the house's balance), then held in the user's micro account until the settlement pass.
 */
import { ACCOUNT_TYPE, JOURNAL_KIND, MICRO_GRID_MS, MICRO_STATUS } from '@exchange/contract';
import { micro } from '@exchange/engine';
import { fromScale, plainAt, toScale } from '../../core/amounts.js';
import { parseMoney } from '../../core/parse.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { MicroHandler } from './handler.js';
import type { MicroMemory } from './memory.js';
import { MICRO_PART } from './rows.js';
import type { MicroSettlement } from './settle.js';
import type { MicroRow } from './types.js';

export interface MicroLimits {
  ordersPerSecond: number;
  openOrders: number;
}

export interface MicroSubmitInput {
  userId: number;
  marketId: number;
  currencyId: number;
  type: micro.MicroDirection;
  seconds: number;
  number: string;
}

/** The moment an order accepted at `now` opens: the next whole second. */
export function openMoment(now: number): number {
  return Math.floor(now / MICRO_GRID_MS) * MICRO_GRID_MS + MICRO_GRID_MS;
}

/** Takes micro orders; reads terms, balances and bounds through the handler. */
export class MicroOrders {
  private rateSecond = 0;
  private placedThisSecond = new Map<number, number>();

  constructor(
    private readonly seq: Sequencer,
    private readonly memory: MicroMemory,
    private readonly reads: MicroHandler,
    private readonly settlement: MicroSettlement,
    private readonly limits: () => MicroLimits,
  ) {}

  submit(input: MicroSubmitInput): Promise<MicroRow> {
    this.seq.ensureRunning();
    const { memory, reads } = this;
    const pair = memory.pairs.get(input.marketId);
    if (!pair) return reject('MARKET_NOT_FOUND');
    if (!pair.open) reject('MICRO_CLOSED_PAIR');
    const terms = memory.terms.get(input.currencyId);
    if (!terms?.enabled) return reject('MICRO_CURRENCY', { currency: terms?.code ?? '' });
    const options = reads.optionsOf(input.marketId);
    const option = options.find((o) => o.seconds === input.seconds);
    if (!option)
      return reject('MICRO_SECONDS', { seconds: options.map((o) => o.seconds).join(', ') });
    const d = terms.decimals;
    const stake = fromScale(parseMoney(input.number, d), d);
    if (stake < terms.min || stake > terms.max) {
      reject('MICRO_STAKE_RANGE', {
        min: plainAt(terms.min, d),
        max: plainAt(terms.max, d),
        currency: terms.code,
      });
    }
    const fee = micro.microGain(stake, terms.feeRate, d);
    const gain = micro.microGain(stake, option.ratio, d);
    const free = fromScale(reads.balanceOf(input.userId, input.currencyId).available, d);
    if (free < stake + fee) reject('INSUFFICIENT_FUNDS');
    this.checkLimits(input.userId);

    const now = this.seq.clock.now();
    const guard = reads.guardOf(input.marketId);
    const openAt = openMoment(now);
    const endAt = openAt + input.seconds * 1000;
    const { marketId, currencyId } = input;
    const raised = memory.exposure.withStake(marketId, currencyId, endAt, input.type, stake, gain);
    if (raised) {
      const { onPair, total } = raised;
      const cap = reads.capOf(marketId, currencyId);
      if (onPair > cap) reject('MICRO_EXPOSURE', { cap: plainAt(cap, d), currency: terms.code });
      const bound = fromScale(reads.manipulation(marketId, currencyId).bound, d);
      if (onPair > bound)
        reject('MICRO_LIQUIDITY', { bound: plainAt(bound, d), currency: terms.code });
      const house = fromScale(reads.houseBalance(currencyId), d);
      if (total > house) reject('MICRO_HOUSE');
    }

    return this.seq.run(() => {
      const at = new Date(now);
      const { ledger } = this.seq;
      const row: MicroRow = {
        id: memory.nextId++,
        userId: input.userId,
        marketId: input.marketId,
        currencyId: input.currencyId,
        type: input.type,
        status: MICRO_STATUS.open,
        seconds: input.seconds,
        number: toScale(stake, d),
        fee: toScale(fee, d),
        ratio: option.ratio,
        openAt,
        endAt,
        openPrice: null,
        endPrice: null,
        outcome: null,
        factProfits: null,
        createdAt: at,
        settledAt: null,
        minTrades: guard.minTrades,
        minVolume: guard.minVolume,
      };
      const account = ledger.user(input.userId, input.currencyId, ACCOUNT_TYPE.micro);
      ledger.post({ kind: JOURNAL_KIND.microHold, refId: row.id, at }, [
        { account, bucket: 0, amount: -(row.number + row.fee) },
        { account, bucket: 1, amount: row.number + row.fee },
      ]);
      memory.addOpen(row);
      this.placedThisSecond.set(input.userId, (this.placedThisSecond.get(input.userId) ?? 0) + 1);
      const part = this.seq.batch.part(MICRO_PART);
      part.created.add(row.id);
      part.rows.set(row.id, row);
      this.settlement.schedule();
      return { ...row };
    });
  }

  private checkLimits(userId: number) {
    const limits = this.limits();
    const second = Math.floor(this.seq.clock.now() / 1000);
    if (second !== this.rateSecond) {
      this.rateSecond = second;
      this.placedThisSecond.clear();
    }
    if ((this.placedThisSecond.get(userId) ?? 0) >= limits.ordersPerSecond)
      reject('RATE_LIMITED', { max: limits.ordersPerSecond, retry_after_s: 1 });
    if ((this.memory.userOpen.get(userId) ?? 0) >= limits.openOrders)
      reject('OPEN_ORDER_LIMIT', { max: limits.openOrders });
  }
}
