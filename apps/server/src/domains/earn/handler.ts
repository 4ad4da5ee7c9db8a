/**
 * Earning products in the core: fixed-term subscriptions whose interest is funded before it is
 * promised (ARCHITECTURE §1: the house never sells what it cannot pay).
 *
 * Money: an operator funds a product's interest reserve from the outside world into the
 * `earn-interest` system account (available). A subscription locks its principal in the user's
 * financial account and moves the whole term's interest from that account's available (the
 * product's reserve) to its locked part (owed); each earning day pays one day's interest from
 * there into the user's financial account, and the last day unlocks the principal. Principal is
 * never anyone's interest: interest only ever leaves `earn-interest`, whose available is the sum
 * of the products' reserves and whose locked part the sum of what they owe (the audit checks
 * both against the products' rows).
 */
import { ACCOUNT_TYPE, earnMaths, JOURNAL_KIND } from '@exchange/contract';
import { pow10, SCALE, units, wireAmount } from '../../core/amounts.js';
import type { Timer } from '../../core/clock.js';
import type { Handler, Lock } from '../../core/handler.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import { plainData } from '../../core/snapshot.js';
import type { Db } from '../../db/client.js';
import { loadEarn } from './load.js';
import { writeEarnRows } from './rows.js';
import { createProduct, fundProduct, setProductStatus, updateProduct } from './terms.js';
import {
  EARN_INTEREST,
  type EarnProductState,
  type EarnSubscriptionState,
  type EarnTerms,
} from './types.js';

export { EARN_INTEREST };

const { earnDayOf, earnDayStart, dueDays } = earnMaths;

/** A retry of the daily job that failed (the core rebuilding itself, say). */
const RETRY_MS = 60_000;

const holdingKey = (userId: number, productId: number) => `${String(userId)}:${String(productId)}`;

/** Daily interest of a principal (ledger units), floored to the product's decimals. */
export function dailyOf(principal: bigint, rate: string, decimals: number): bigint {
  return units(earnMaths.dailyInterest(wireAmount(principal), rate, decimals));
}

export class EarnHandler implements Handler {
  readonly name = 'earn';
  readonly products = new Map<number, EarnProductState>();
  /** Subscriptions in effect, by id. */
  readonly active = new Map<number, EarnSubscriptionState>();
  /** Principal in effect per user and product (`holdingKey`), kept with `active`. */
  readonly holdings = new Map<string, bigint>();
  /** The next ids the core gives (load.ts reads them from the store). */
  readonly next = { product: 1, subscription: 1 };
  private timer: Timer | null = null;
  private stopped = true;

  constructor(
    readonly seq: Sequencer,
    /** How long an earning day lasts and where it starts (Bangkok days; tests shorten them). */
    readonly day: earnMaths.EarnDayClock,
    private readonly onError: (err: unknown) => void,
  ) {
    // An operator's draw of the interest account (wallet.adjustSystem) may take nothing: its
    // available is the products' reserves, drawn only through `fund` with a negative amount.
    seq.keepFloor(
      EARN_INTEREST,
      (currencyId) => seq.ledger.system(EARN_INTEREST, currencyId).available,
    );
  }

  /** Reads products and the subscriptions in effect from the store (load.ts). */
  load(db: Db) {
    return loadEarn(this, db);
  }

  snapshot(): unknown {
    return plainData({
      products: [...this.products.values()],
      active: [...this.active.values()],
      next: this.next,
    });
  }

  *locks(): Iterable<Lock> {
    for (const s of this.active.values())
      yield {
        userId: s.userId,
        currencyId: s.currencyId,
        type: ACCOUNT_TYPE.financial,
        amount: s.number,
      };
  }

  /** The earning day now, on the core's clock. */
  today(): number {
    return earnDayOf(this.seq.clock.now(), this.day);
  }

  /** Principal a user holds in a product now. */
  holdingOf(userId: number, productId: number): bigint {
    return this.holdings.get(holdingKey(userId, productId)) ?? 0n;
  }

  /** Adds (or, negative, takes) principal of a user's holding in a product. */
  hold(s: EarnSubscriptionState, amount: bigint) {
    const key = holdingKey(s.userId, s.productId);
    const next = (this.holdings.get(key) ?? 0n) + amount;
    if (next === 0n) this.holdings.delete(key);
    else this.holdings.set(key, next);
  }

  /** Whether a product can take no `min` subscription now: reserve or quota used up. */
  soldOut(p: EarnProductState): boolean {
    const interest = dailyOf(p.min, p.rate, p.decimals) * BigInt(p.days);
    return p.reserve < interest || p.quota - p.sold < p.min;
  }

  /** Whether it takes subscriptions at `now`: on sale and inside its sale window. */
  onSale(p: EarnProductState, now: number): boolean {
    return (
      p.status === 1 &&
      (p.saleStart === null || now >= p.saleStart) &&
      (p.saleEnd === null || now < p.saleEnd)
    );
  }

  product(id: number): EarnProductState {
    return this.products.get(id) ?? reject('EARN_NOT_FOUND');
  }

  /** A new product, on sale but sold out until its reserve is funded (terms.ts). */
  create(t: EarnTerms, actorId: number): Promise<EarnProductState> {
    return createProduct(this, t, actorId);
  }

  /** New terms and texts for a product nobody has subscribed to yet. */
  update(id: number, t: EarnTerms, actorId: number): Promise<EarnProductState> {
    return updateProduct(this, id, t, actorId);
  }

  /** On sale (1), paused (2) or closed for good (3); subscriptions in effect run on. */
  setStatus(id: number, status: 1 | 2 | 3, reason: string, actorId: number) {
    return setProductStatus(this, id, status, reason, actorId);
  }

  /** Funds the product's reserve from the outside world, or draws back what is not promised. */
  fund(id: number, amount: bigint, reason: string, actorId: number) {
    return fundProduct(this, id, amount, reason, actorId);
  }

  /**
   * Subscribes `amount` of a product from the user's financial account: the principal locked for
   * the term, the term's whole interest taken from the reserve into what the product owes.
   */
  subscribe(userId: number, productId: number, amount: bigint): Promise<EarnSubscriptionState> {
    this.seq.ensureRunning();
    const p = this.product(productId);
    const now = this.seq.clock.now();
    if (!this.onSale(p, now)) reject('EARN_NOT_ON_SALE');
    if (amount <= 0n) reject('INVALID_NUMBER');
    if (amount % pow10(SCALE - p.decimals) !== 0n)
      reject('AMOUNT_PRECISION', { decimals: p.decimals });
    const currency = p.currencyCode;
    if (amount < p.min || amount > p.max)
      reject('EARN_AMOUNT_RANGE', { min: wireAmount(p.min), max: wireAmount(p.max), currency });
    const daily = dailyOf(amount, p.rate, p.decimals);
    const interest = daily * BigInt(p.days);
    if (interest > p.reserve) reject('EARN_SOLD_OUT');
    if (p.sold + amount > p.quota)
      reject('EARN_QUOTA', { left: wireAmount(p.quota - p.sold), currency });
    const held = this.holdingOf(userId, productId);
    if (held + amount > p.maxPerUser) {
      const left = p.maxPerUser - held;
      reject('EARN_USER_LIMIT', {
        max: wireAmount(p.maxPerUser),
        left: wireAmount(left),
        currency,
      });
    }
    const { ledger } = this.seq;
    if (ledger.available(userId, p.currencyId, ACCOUNT_TYPE.financial) < amount)
      reject('INSUFFICIENT_FUNDS');
    return this.seq.run(() => {
      const at = new Date(now);
      const s: EarnSubscriptionState = {
        id: this.next.subscription++,
        productId,
        userId,
        currencyId: p.currencyId,
        number: amount,
        daily,
        days: p.days,
        rate: p.rate,
        startDay: earnDayOf(now, this.day),
        paidDays: 0,
        income: 0n,
        status: 1,
        createdAt: now,
        maturedAt: null,
      };
      const user = ledger.user(userId, p.currencyId, ACCOUNT_TYPE.financial);
      const pool = ledger.system(EARN_INTEREST, p.currencyId);
      ledger.post({ kind: JOURNAL_KIND.earnSubscribe, refId: s.id, at }, [
        { account: user, bucket: 0, amount: -amount },
        { account: user, bucket: 1, amount },
        { account: pool, bucket: 0, amount: -interest },
        { account: pool, bucket: 1, amount: interest },
      ]);
      p.reserve -= interest;
      p.owed += interest;
      p.sold += amount;
      p.subscriptions += 1;
      p.updatedAt = now;
      this.active.set(s.id, s);
      this.hold(s, s.number);
      this.write([p], [s]);
      return { ...s };
    });
  }

  /**
   * Pays every day due by today: each subscription in effect gets its days from `paid_days` up
   * to today's (never beyond its term), and at its last day its principal unlocks. The days paid
   * are stored with the entries that paid them, so running it again (a restart, a timer that
   * fired twice) pays nothing twice; days missed while the server was stopped are paid now.
   * Resolves to the number of subscriptions paid.
   */
  accrue(): Promise<number> {
    this.seq.ensureRunning();
    const today = this.today();
    const due = [...this.active.values()].filter(
      (s) => dueDays(s.startDay, s.days, today) > s.paidDays,
    );
    if (!due.length) return this.seq.acknowledge(() => 0);
    return this.seq.run(() => {
      const now = this.seq.clock.now();
      const at = new Date(now);
      const { ledger } = this.seq;
      const changed = new Map<number, EarnProductState>();
      for (const s of due) {
        const p = this.products.get(s.productId);
        if (!p) throw new Error(`earn subscription ${String(s.id)} of unknown product`);
        const days = dueDays(s.startDay, s.days, today) - s.paidDays;
        const pay = s.daily * BigInt(days);
        const user = ledger.user(s.userId, s.currencyId, ACCOUNT_TYPE.financial);
        if (pay > 0n) {
          ledger.post({ kind: JOURNAL_KIND.earnInterest, refId: s.id, at }, [
            { account: ledger.system(EARN_INTEREST, s.currencyId), bucket: 1, amount: -pay },
            { account: user, bucket: 0, amount: pay },
          ]);
        }
        s.paidDays += days;
        s.income += pay;
        p.owed -= pay;
        p.paid += pay;
        p.updatedAt = now;
        changed.set(p.id, p);
        if (s.paidDays === s.days) {
          ledger.post({ kind: JOURNAL_KIND.earnMature, refId: s.id, at }, [
            { account: user, bucket: 1, amount: -s.number },
            { account: user, bucket: 0, amount: s.number },
          ]);
          s.status = 2;
          s.maturedAt = now;
          this.active.delete(s.id);
          this.hold(s, -s.number);
        }
      }
      this.write([...changed.values()], due);
      return due.length;
    });
  }

  /** Starts the daily job: days missed are paid at once, then one run at each day's start. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private schedule(wait: number) {
    if (this.stopped) return;
    this.timer?.cancel();
    this.timer = this.seq.clock.after(wait, async () => {
      this.timer = null;
      const now = this.seq.clock.now();
      const nextDay = earnDayStart(earnDayOf(now, this.day) + 1, this.day) - now;
      try {
        await this.accrue();
      } catch (err) {
        this.onError(err);
        // Tried again soon, not only at the next day: the days due stay due until paid.
        this.schedule(Math.min(RETRY_MS, nextDay));
        return;
      }
      this.schedule(
        earnDayStart(earnDayOf(this.seq.clock.now(), this.day) + 1, this.day) -
          this.seq.clock.now(),
      );
    });
  }

  /** Writes the rows a command changed with its batch. */
  write(products: EarnProductState[], subs: EarnSubscriptionState[]) {
    this.seq.batch.extras.push(
      writeEarnRows(
        products.map((p) => ({ ...p })),
        subs.map((s) => ({ ...s })),
      ),
    );
  }
}
