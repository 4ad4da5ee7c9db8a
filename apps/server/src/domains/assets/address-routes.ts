/**
 * The withdrawal address book of the assets area: list, a code to the user's e-mail or phone,
 * bind (with that code and the trade password) and delete.
 */
import { CALLS, CODE_TYPE, type BoundAddress } from '@exchange/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { users, withdrawAddresses } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { consumeCode, deliverCode } from '../notify/index.js';
import { addressOf } from '../user/index.js';
import { isValidAddress } from './addresses.js';
import { loadCurrencies, loadCurrency, pickProtocol, type Currency } from './catalogue.js';

export /** Where a user's codes go: the e-mail address when there is one, else the mobile number. */
async function codeAddress(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select({ email: users.email, mobile: users.mobile, countryCode: users.countryCode })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('auth.session_expired');
  if (user.email) return { kind: 'email' as const, address: addressOf('email', user.email, null) };
  return {
    kind: 'mobile' as const,
    address: addressOf('mobile', user.mobile ?? '', user.countryCode),
  };
}

function boundView(
  a: typeof withdrawAddresses.$inferSelect,
  currency: Currency | undefined,
): BoundAddress {
  return {
    id: a.id,
    currency_id: a.currencyId,
    currency_code: currency?.code ?? '',
    currency_protocol_id: a.currencyProtocolId,
    chain: currency?.protocols.find((p) => p.id === a.currencyProtocolId)?.chainCode ?? '',
    address: a.address,
    memo: a.memo,
    created_at: a.createdAt.getTime(),
  };
}

/** The user's bound address of this chain, if they bound it. */
export async function boundAddress(
  ctx: AppContext,
  userId: number,
  protocolId: number,
  address: string,
) {
  const [row] = await ctx.db
    .select({ id: withdrawAddresses.id, memo: withdrawAddresses.memo })
    .from(withdrawAddresses)
    .where(
      and(
        eq(withdrawAddresses.userId, userId),
        eq(withdrawAddresses.currencyProtocolId, protocolId),
        eq(withdrawAddresses.address, address),
      ),
    );
  return row;
}

export function addressRoutes(app: FastifyInstance) {
  route(app, CALLS.addressList, async ({ ctx, session, input }) => {
    const list = await loadCurrencies(ctx.db);
    const rows = await ctx.db
      .select()
      .from(withdrawAddresses)
      .where(
        and(
          eq(withdrawAddresses.userId, session.userId),
          input.currency_id ? eq(withdrawAddresses.currencyId, input.currency_id) : undefined,
        ),
      )
      .orderBy(desc(withdrawAddresses.id));
    return rows.map((r) =>
      boundView(
        r,
        list.find((c) => c.id === r.currencyId),
      ),
    );
  });

  route(app, CALLS.addressSendCode, async ({ ctx, session }) => {
    const target = await codeAddress(ctx, session.userId);
    const sent = await deliverCode(ctx, target.kind, target.address, CODE_TYPE.withdrawAddress);
    // Shown to the user as where the code went, partly hidden.
    const to =
      target.kind === 'email'
        ? target.address.replace(/^(.{2})[^@]*/, '$1***')
        : target.address.replace(/\d(?=\d{4})/g, '*');
    return { ...sent, to };
  });

  route(app, CALLS.addressBind, async ({ ctx, session, input }) => {
    const currency = await loadCurrency(ctx.db, input.currency_id);
    const protocol = pickProtocol(currency, input.currency_protocol_id);
    if (!isValidAddress(protocol.family, input.address))
      throw new AppError('address.invalid', { chain: protocol.chainCode });
    if (await boundAddress(ctx, session.userId, protocol.id, input.address))
      throw new AppError('address.exists');
    const target = await codeAddress(ctx, session.userId);
    await consumeCode(ctx.db, target.address, CODE_TYPE.withdrawAddress, input.code);
    const [row] = await ctx.db
      .insert(withdrawAddresses)
      .values({
        userId: session.userId,
        currencyId: currency.id,
        currencyProtocolId: protocol.id,
        address: input.address,
        memo: input.memo,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('address.exists');
    return boundView(row, currency);
  });

  route(app, CALLS.addressDelete, async ({ ctx, session, input }) => {
    const removed = await ctx.db
      .delete(withdrawAddresses)
      .where(and(eq(withdrawAddresses.id, input.id), eq(withdrawAddresses.userId, session.userId)))
      .returning({ id: withdrawAddresses.id });
    if (!removed.length) throw new AppError('address.not_found');
    return { id: input.id };
  });
}
