/**
 * The wallet's commands as plain data (core/commands.ts): what the assets and admin routes, the
 * simulation and, later, the network send it. Amounts travel as decimal strings and times as
 * milliseconds; each command parses them into the handler's bigints and Dates and back.
 */
import { z } from 'zod';
import { units, wireAmount } from '../../core/amounts.js';
import { type Commands, command, messageSignedAmount } from '../../core/commands.js';
import { reject } from '../../core/result.js';
import type { WalletHandler } from './handler.js';

const id = z.number().int().positive();
const accountType = z.number().int().min(1).max(5);
/**
 * Signed: an adjustment may take away. Amounts that must be positive take it too: the handler
 * refuses the others with its own result code, as it does for its direct callers.
 */
const decimal = messageSignedAmount;
/** An operator's decision on a deposit or a withdrawal; approvals carry an empty reason. */
const decision = { actorId: id, approve: z.boolean(), reason: z.string() };

/** An account's balances after a command, as the admin adjustment call answers them. */
function balances(r: { journalId: number; available: bigint; locked: bigint }) {
  return {
    journalId: r.journalId,
    available: wireAmount(r.available),
    locked: wireAmount(r.locked),
  };
}

export const walletCommands = {
  transfer: command(
    z.object({
      userId: id,
      currencyId: id,
      from: accountType,
      to: accountType,
      amount: decimal,
      clientId: z.string().nullable(),
    }),
    async (wallet: WalletHandler, m) => {
      const r = await wallet.transfer({ ...m, amount: units(m.amount) });
      return { id: r.id, replay: r.replay };
    },
  ),
  adjustSystem: command(
    z.object({
      actorId: id,
      code: z.string().min(1),
      currencyId: id,
      amount: decimal,
      reason: z.string().min(1),
    }),
    async (wallet: WalletHandler, m) =>
      balances(await wallet.adjustSystem({ ...m, amount: units(m.amount) })),
  ),
  adjust: command(
    z.object({
      actorId: id.nullable(),
      userId: id,
      accountType,
      currencyId: id,
      amount: decimal,
      reason: z.string().min(1),
    }),
    async (wallet: WalletHandler, m) => {
      const amount = units(m.amount);
      if (amount === 0n) return reject('INVALID_NUMBER');
      return balances(await wallet.adjust({ ...m, amount }));
    },
  ),
  /** Locks `number` (fee included) in the trade account; answers the request's id and time. */
  requestWithdrawal: command(
    z.object({
      userId: id,
      currencyId: id,
      protocolId: id.nullable(),
      chain: z.string(),
      address: z.string(),
      memo: z.string(),
      number: decimal,
      fee: decimal,
      vnd: z
        .object({
          rate: decimal,
          total: decimal,
          bankName: z.string(),
          accountName: z.string(),
        })
        .nullable()
        .optional(),
    }),
    async (wallet: WalletHandler, m) => {
      const r = await wallet.requestWithdrawal({
        ...m,
        number: units(m.number),
        fee: units(m.fee),
      });
      return { id: r.id, createdAt: r.createdAt.getTime() };
    },
  ),
  /**
   * A decision on a reported deposit, which the sender read as pending from the store: the
   * deposit's owner, currency and amount come with it (the wallet keeps no deposits in memory).
   */
  reviewDeposit: command(
    z.object({ ...decision, id, userId: id, currencyId: id, amount: decimal }),
    async (wallet: WalletHandler, m) => {
      const r = await wallet.reviewDeposit({ ...m, amount: units(m.amount) });
      return { journalId: r.journalId };
    },
  ),
  /** A decision on a pending withdrawal (the wallet holds it); `txRef` names the payout. */
  reviewWithdrawal: command(
    z.object({ ...decision, id, txRef: z.string() }),
    async (wallet: WalletHandler, m) => {
      await wallet.reviewWithdrawal(m);
      return { id: m.id };
    },
  ),
} satisfies Commands<WalletHandler>;
