import {
  type CallParsedRequest,
  type CALLS,
  DEPOSIT_STATUS,
  type DepositRecord,
  LIMITS,
} from '@exchange/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { deposits } from '../../db/schema.js';
import { sqlAmount, units } from '../../core/amounts.js';
import { AppError } from '../../http/errors.js';
import { ownUploadOf } from '../uploads/index.js';
import type { ChainFamily } from './addresses.js';
import { depositView, loadCurrency, parseAmount, pickProtocol } from './catalogue.js';
import { depositAddress } from './wallets.js';

type Report = CallParsedRequest<typeof CALLS.createPayOrder>;

/**
 * The class of the transaction-scoped advisory locks that take one user's deposit reports one at a
 * time (the second key is the user id); any constant no other lock uses would do ("DEPR").
 */
const REPORT_LOCK_CLASS = 0x44455052;
const MAX_REPORT = units(LIMITS.maxDepositReport);

/** Hex (Ethereum) and bech32 (bc1…) addresses read the same in either case; base58 ones do not. */
function sameAddress(family: ChainFamily, given: string, ours: string): boolean {
  if (given === ours) return true;
  const caseFree = family === 'eth' || /^bc1/i.test(ours);
  return caseFree && given.toLowerCase() === ours.toLowerCase();
}

/**
 * wallet/createPayOrder: a pending deposit for an operator to check, refused unless it names this
 * user's own deposit address of the chain, carries a screenshot this user uploaded, stays within
 * LIMITS.maxDepositReport and is not a second copy of a report still waiting. The checks of the
 * pending reports and the insert run under a per-user lock, so reports sent in parallel are
 * counted and compared one after the other.
 */
export async function reportDeposit(
  ctx: AppContext,
  userId: number,
  input: Report,
): Promise<DepositRecord> {
  const currency = await loadCurrency(ctx.db, input.currency_id);
  if (!currency.openRecharge) throw new AppError('deposit.closed');
  const protocol = pickProtocol(currency, input.currency_protocol_id);
  const amount = parseAmount(input.quantity);
  if (amount > MAX_REPORT) throw new AppError('amount.too_large', { max: LIMITS.maxDepositReport });
  const ours = await depositAddress(ctx, userId, protocol);
  // Coins sent to another user's address (or to none at all) are not this user's deposit.
  if (
    !ours.address ||
    (input.in_address && !sameAddress(protocol.family, input.in_address, ours.address))
  )
    throw new AppError('deposit.address_invalid', { chain: protocol.chainCode });
  const imgUrl = await ownUploadOf(ctx.db, userId, input.imgUrl);
  if (!imgUrl) throw new AppError('deposit.img_invalid');

  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK_CLASS}, ${userId})`);
    const pending = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.status, DEPOSIT_STATUS.pending)));
    const same = pending.some(
      (d) =>
        d.currencyId === currency.id &&
        d.currencyProtocolId === protocol.id &&
        units(d.number) === amount &&
        d.fromAddress === input.from_address,
    );
    if (same) throw new AppError('deposit.duplicate');
    // One screenshot proves one transfer: it may come back only after a rejection. Only this
    // user's reports can carry it (it is this user's upload).
    const [shown] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          eq(deposits.userId, userId),
          eq(deposits.imgUrl, imgUrl),
          inArray(deposits.status, [DEPOSIT_STATUS.pending, DEPOSIT_STATUS.approved]),
        ),
      )
      .limit(1);
    if (shown) throw new AppError('deposit.duplicate');
    if (pending.length >= LIMITS.maxPendingDeposits)
      throw new AppError('deposit.too_many_pending', { max: LIMITS.maxPendingDeposits });
    const [inserted] = await tx
      .insert(deposits)
      .values({
        userId,
        currencyId: currency.id,
        currencyProtocolId: protocol.id,
        chain: protocol.chainCode,
        number: sqlAmount(amount),
        inAddress: ours.address,
        fromAddress: input.from_address,
        imgUrl,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new AppError('common.internal');
  return depositView(row, currency.code);
}
