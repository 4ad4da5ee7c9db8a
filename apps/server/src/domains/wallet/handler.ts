import { ACCOUNT_TYPE, REVIEW_STATUS, WITHDRAW_STATUS } from '@exchange/contract';
import { and, eq, isNotNull, max } from 'drizzle-orm';
import { sqlAmount, units, wireAmount } from '../../core/amounts.js';
import { clientKey, type Handler, type Lock } from '../../core/handler.js';
import { reject } from '../../core/result.js';
import type { Account } from '../../core/ledger.js';
import { plainData } from '../../core/snapshot.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Db } from '../../db/client.js';
import { deposits, transfers, withdrawals } from '../../db/schema.js';

/** An operator adjustment of a user's account, recorded against the outside world. */
export interface AdjustInput {
  actorId: number | null;
  userId: number;
  accountType: number;
  currencyId: number;
  amount: bigint;
  reason: string;
}

export interface WithdrawalInput {
  userId: number;
  currencyId: number;
  protocolId: number | null;
  chain: string;
  address: string;
  memo: string;
  number: bigint;
  fee: bigint;
  /** A VND withdrawal to a bank account: the rate, the VND to pay, the bank and its holder. */
  vnd?: { rate: string; total: string; bankName: string; accountName: string } | null;
}

/** A withdrawal waiting for review; its `number` is locked in the owner's trade account. */
export interface PendingWithdrawal {
  id: number;
  userId: number;
  currencyId: number;
  number: bigint;
  fee: bigint;
  receive: bigint;
}

export interface ReviewDecision {
  actorId: number;
  approve: boolean;
  reason: string;
}

/**
 * Money crossing the exchange's edge and moving between a user's accounts: operator adjustments,
 * withdrawal requests and their review, deposit review, transfers between account types. Each
 * checks the balance it takes before anything changes; the records (deposits, withdrawals,
 * transfers) are written in the same batch as their postings.
 */
export class WalletHandler implements Handler {
  readonly name = 'wallet';
  private nextWithdrawalId = 0;
  private nextTransferId = 0;
  private transferClientIds = new Map<string, number>();
  private pendingWithdrawals = new Map<number, PendingWithdrawal>();
  /** Deposits reviewed since start: a second decision is refused before its first commits. */
  private readonly reviewedDeposits = new Set<number>();

  constructor(private readonly seq: Sequencer) {}

  async load(db: Db) {
    this.transferClientIds = new Map();
    const transferRows = await db
      .select({ id: transfers.id, userId: transfers.userId, clientId: transfers.clientId })
      .from(transfers)
      .where(isNotNull(transfers.clientId));
    for (const r of transferRows)
      if (r.clientId) this.transferClientIds.set(clientKey(r.userId, r.clientId), r.id);
    this.pendingWithdrawals = new Map();
    const pendingRows = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.status, WITHDRAW_STATUS.pending));
    for (const w of pendingRows) {
      this.pendingWithdrawals.set(w.id, {
        id: w.id,
        userId: w.userId,
        currencyId: w.currencyId,
        number: units(w.number),
        fee: units(w.fee),
        receive: units(w.receive),
      });
    }
    const [w] = await db.select({ v: max(withdrawals.id) }).from(withdrawals);
    const [tr] = await db.select({ v: max(transfers.id) }).from(transfers);
    this.nextWithdrawalId = (w?.v ?? 0) + 1;
    this.nextTransferId = (tr?.v ?? 0) + 1;
    this.reviewedDeposits.clear();
  }

  /** What pending withdrawals hold locked in their owners' trade accounts. */
  *locks(): Iterable<Lock> {
    for (const w of this.pendingWithdrawals.values())
      yield {
        userId: w.userId,
        currencyId: w.currencyId,
        type: ACCOUNT_TYPE.trade,
        amount: w.number,
      };
  }

  snapshot(): unknown {
    return plainData({
      nextWithdrawalId: this.nextWithdrawalId,
      nextTransferId: this.nextTransferId,
      transferClientIds: this.transferClientIds,
      pendingWithdrawals: this.pendingWithdrawals,
    });
  }

  /**
   * A recorded adjustment of a system account the operator funds (the lever house, its insurance)
   * against the outside world. A draw never takes it below zero nor below its floor, what it must
   * keep to pay what its product owes (`Sequencer.keepFloor`, read when the command is applied).
   */
  adjustSystem(input: {
    actorId: number;
    code: string;
    currencyId: number;
    amount: bigint;
    reason: string;
  }): Promise<{ journalId: number; available: bigint; locked: bigint }> {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    if (input.amount === 0n) reject('INVALID_NUMBER');
    const current = ledger.system(input.code, input.currencyId).available;
    if (current + input.amount < 0n) reject('INSUFFICIENT_FUNDS');
    const floor = this.seq.floorOf(input.code, input.currencyId);
    if (input.amount < 0n && current + input.amount < floor) {
      reject('LEVER_HOUSE_DRAW', { account: input.code, exposure: wireAmount(floor) });
    }
    return this.seq.run(() =>
      this.postAdjustment(
        ledger.system(input.code, input.currencyId),
        input,
        `system:${input.code}`,
      ),
    );
  }

  /** A recorded adjustment against the outside-world account; the balance never goes below zero. */
  adjust(input: AdjustInput): Promise<{ journalId: number; available: bigint; locked: bigint }> {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    if (input.amount === 0n) reject('INVALID_NUMBER');
    const current = ledger.available(input.userId, input.currencyId, input.accountType);
    if (current + input.amount < 0n) reject('INSUFFICIENT_FUNDS');
    return this.seq.run(() =>
      this.postAdjustment(
        ledger.user(input.userId, input.currencyId, input.accountType),
        input,
        `user:${input.userId}`,
        { account_type: input.accountType },
      ),
    );
  }

  /** An adjustment of `account` against the outside world, with its audit entry. Inside `run`. */
  private postAdjustment(
    account: Account,
    input: { actorId: number | null; currencyId: number; amount: bigint; reason: string },
    target: string,
    extra: Record<string, unknown> = {},
  ): { journalId: number; available: bigint; locked: bigint } {
    const { ledger } = this.seq;
    const journalId = ledger.post(
      {
        kind: 'adjust',
        actorId: input.actorId,
        reason: input.reason,
        at: new Date(this.seq.clock.now()),
      },
      [
        { account, bucket: 0, amount: input.amount },
        { account: ledger.system('outside', input.currencyId), bucket: 0, amount: -input.amount },
      ],
    );
    this.seq.batch.audits.push({
      actorId: input.actorId,
      action: 'ledger.adjust',
      target,
      detail: {
        journal_id: journalId,
        currency_id: input.currencyId,
        ...extra,
        amount: wireAmount(input.amount),
        reason: input.reason,
      },
    });
    return { journalId, available: account.available, locked: account.locked };
  }

  /** Locks the amount in the trade account and records the request, in one batch. */
  requestWithdrawal(input: WithdrawalInput): Promise<{ id: number; createdAt: Date }> {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    if (input.number <= 0n || input.fee < 0n || input.fee > input.number) reject('INVALID_NUMBER');
    if (ledger.available(input.userId, input.currencyId, ACCOUNT_TYPE.trade) < input.number)
      reject('INSUFFICIENT_FUNDS');
    return this.seq.run(() => {
      const id = this.nextWithdrawalId++;
      const at = new Date(this.seq.clock.now());
      const account = ledger.user(input.userId, input.currencyId, ACCOUNT_TYPE.trade);
      ledger.lock(account, input.number, 'withdraw.lock', id, at);
      const receive = input.number - input.fee;
      const { userId, currencyId, number, fee } = input;
      this.pendingWithdrawals.set(id, { id, userId, currencyId, number, fee, receive });
      const row = {
        id,
        userId,
        currencyId,
        currencyProtocolId: input.protocolId,
        chain: input.chain,
        address: input.address,
        memo: input.memo,
        number: sqlAmount(number),
        fee: sqlAmount(fee),
        receive: sqlAmount(receive),
        status: WITHDRAW_STATUS.pending,
        createdAt: at,
        ...(input.vnd
          ? {
              vndRate: input.vnd.rate,
              vndTotal: input.vnd.total,
              bankName: input.vnd.bankName,
              accountName: input.vnd.accountName,
            }
          : {}),
      };
      this.seq.batch.extras.push((tx) => tx.insert(withdrawals).values(row));
      return { id, createdAt: at };
    });
  }

  /**
   * An operator's decision on a pending withdrawal: approval pays the locked amount out (receive
   * to the outside world, the fee to the fee account); rejection unlocks it.
   */
  reviewWithdrawal(input: ReviewDecision & { id: number; txRef: string }): Promise<void> {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    const pending = this.pendingWithdrawals.get(input.id);
    if (!pending) reject('ALREADY_REVIEWED');
    return this.seq.run(() => {
      this.pendingWithdrawals.delete(input.id);
      const at = new Date(this.seq.clock.now());
      const account = ledger.user(pending.userId, pending.currencyId, ACCOUNT_TYPE.trade);
      const ref = { refId: input.id, actorId: input.actorId, at };
      if (input.approve) {
        ledger.post({ kind: 'withdraw', ...ref }, [
          { account, bucket: 1, amount: -pending.number },
          {
            account: ledger.system('outside', pending.currencyId),
            bucket: 0,
            amount: pending.receive,
          },
          { account: ledger.system('fee', pending.currencyId), bucket: 0, amount: pending.fee },
        ]);
      } else {
        ledger.post({ kind: 'withdraw.unlock', ...ref }, [
          { account, bucket: 1, amount: -pending.number },
          { account, bucket: 0, amount: pending.number },
        ]);
      }
      const set = {
        status: input.approve ? WITHDRAW_STATUS.approved : WITHDRAW_STATUS.rejected,
        txRef: input.txRef,
        reason: input.reason,
        reviewedBy: input.actorId,
        reviewedAt: at,
      };
      const pendingOnly = and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0));
      this.seq.batch.extras.push((tx) => tx.update(withdrawals).set(set).where(pendingOnly));
      this.seq.batch.audits.push({
        actorId: input.actorId,
        action: input.approve ? 'withdrawal.approve' : 'withdrawal.reject',
        target: `withdrawal:${input.id}`,
        detail: {
          user_id: pending.userId,
          currency_id: pending.currencyId,
          number: wireAmount(pending.number),
          tx_ref: input.txRef,
          reason: input.reason,
        },
      });
    });
  }

  /**
   * An operator's decision on a reported deposit (read as pending by the caller): approval
   * credits the trade account from the outside world; rejection only records the reason.
   */
  reviewDeposit(
    input: ReviewDecision & { id: number; userId: number; currencyId: number; amount: bigint },
  ): Promise<{ journalId: number | null }> {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    if (this.reviewedDeposits.has(input.id)) reject('ALREADY_REVIEWED');
    if (input.approve && input.amount <= 0n) reject('INVALID_NUMBER');
    return this.seq.run(() => {
      this.reviewedDeposits.add(input.id);
      const at = new Date(this.seq.clock.now());
      let journalId: number | null = null;
      if (input.approve) {
        const ref = { refId: input.id, actorId: input.actorId, at };
        journalId = ledger.post({ kind: 'deposit', ...ref }, [
          {
            account: ledger.user(input.userId, input.currencyId, ACCOUNT_TYPE.trade),
            bucket: 0,
            amount: input.amount,
          },
          { account: ledger.system('outside', input.currencyId), bucket: 0, amount: -input.amount },
        ]);
      }
      const set = {
        status: input.approve ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected,
        reason: input.reason,
        journalId,
        reviewedBy: input.actorId,
        reviewedAt: at,
      };
      const pendingOnly = and(eq(deposits.id, input.id), eq(deposits.status, 0));
      this.seq.batch.extras.push((tx) => tx.update(deposits).set(set).where(pendingOnly));
      this.seq.batch.audits.push({
        actorId: input.actorId,
        action: input.approve ? 'deposit.approve' : 'deposit.reject',
        target: `deposit:${input.id}`,
        detail: {
          user_id: input.userId,
          currency_id: input.currencyId,
          number: wireAmount(input.amount),
          journal_id: journalId,
          reason: input.reason,
        },
      });
      return { journalId };
    });
  }

  /** Moves an amount between two account types of one user; a known client id replays. */
  transfer(input: {
    userId: number;
    currencyId: number;
    from: number;
    to: number;
    amount: bigint;
    clientId: string | null;
  }): Promise<{ id: number; replay: boolean; createdAt: Date }> {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    if (input.clientId) {
      const first = this.transferClientIds.get(clientKey(input.userId, input.clientId));
      if (first !== undefined)
        return this.seq.acknowledge(() => ({
          id: first,
          replay: true,
          createdAt: new Date(this.seq.clock.now()),
        }));
    }
    if (input.amount <= 0n || input.from === input.to) reject('INVALID_NUMBER');
    if (ledger.available(input.userId, input.currencyId, input.from) < input.amount)
      reject('INSUFFICIENT_FUNDS');
    return this.seq.run(() => {
      const id = this.nextTransferId++;
      const at = new Date(this.seq.clock.now());
      const { userId, currencyId, amount } = input;
      ledger.post({ kind: 'transfer', refId: id, at }, [
        { account: ledger.user(userId, currencyId, input.from), bucket: 0, amount: -amount },
        { account: ledger.user(userId, currencyId, input.to), bucket: 0, amount },
      ]);
      if (input.clientId) this.transferClientIds.set(clientKey(userId, input.clientId), id);
      const row = {
        id,
        userId,
        currencyId,
        number: sqlAmount(amount),
        fromType: input.from,
        toType: input.to,
        clientId: input.clientId,
        createdAt: at,
      };
      this.seq.batch.extras.push((tx) => tx.insert(transfers).values(row));
      return { id, replay: false, createdAt: at };
    });
  }
}
