import {
  ACCOUNT_CODES,
  ACCOUNT_TYPES,
  ACCOUNT_TYPE_IDS,
  CALLS,
  CODE_TYPE,
  type AccountGroup,
  type AccountTypeId,
  type TransferRecord,
} from '@exchange/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import {
  accounts,
  currencies,
  journal,
  postings,
  transfers,
  users,
  withdrawals,
} from '../../db/schema.js';
import { floorTo, mulUnits, units, wireAmount } from '../../core/amounts.js';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { consumeCode } from '../notify/index.js';
import { assertWithdrawalsAllowed, hashPassword } from '../user/index.js';
import {
  ACCOUNT_NAMES,
  AMOUNT_DECIMALS,
  currencyView,
  loadCurrencies,
  loadCurrency,
  parseAmount,
  pickProtocol,
  usdValue,
  withdrawView,
} from './catalogue.js';
import { checkPayPassword } from './pay-password.js';
import { depositPage, ownRecords, withdrawalPage } from './records.js';
import { addressRoutes, boundAddress, codeAddress } from './address-routes.js';
import { walletsOf } from './wallets.js';
import { checkDailyLimit, withdrawals24h } from './withdraw-limit.js';

/** The account type a deal-records query names: an account code or a type id. */
function accountTypeOf(types: string): AccountTypeId {
  const byCode = ACCOUNT_TYPE_IDS.find((t) => ACCOUNT_CODES[t] === types);
  if (byCode) return byCode;
  const id = Number(types || 1);
  if ((ACCOUNT_TYPE_IDS as number[]).includes(id)) return id as AccountTypeId;
  throw new AppError('account.type_invalid');
}

function transferView(
  t: typeof transfers.$inferSelect,
  codes: Map<number, string>,
): TransferRecord {
  return {
    id: t.id,
    currency_id: t.currencyId,
    currency_code: codes.get(t.currencyId) ?? '',
    number: wireAmount(units(t.number)),
    from: t.fromType,
    to: t.toType,
    client_id: t.clientId,
    created_at: t.createdAt.getTime(),
  };
}

async function currencyCodes(ctx: AppContext) {
  const rows = await ctx.db.select({ id: currencies.id, code: currencies.code }).from(currencies);
  return new Map(rows.map((r) => [r.id, r.code]));
}

export function assetsRoutes(app: FastifyInstance) {
  route(app, CALLS.accountList, async ({ ctx, session }) => {
    const list = await loadCurrencies(ctx.db);
    const rows = await ctx.db.select().from(accounts).where(eq(accounts.userId, session.userId));
    const held = new Map(rows.map((a) => [`${a.currencyId}:${a.type}`, a]));
    return ACCOUNT_TYPE_IDS.map((type): AccountGroup => {
      let total = 0n;
      const items = list
        .filter((c) => c.accountTypes.includes(type))
        .map((c) => {
          const a = held.get(`${c.id}:${type}`);
          const balance = a ? units(a.balance) : 0n;
          const locked = a ? units(a.lockBalance) : 0n;
          const usd = usdValue(balance + locked, c.usdPrice);
          total += usd;
          return {
            id: a?.id ?? 0,
            user_id: session.userId,
            currency_id: c.id,
            currency_code: c.code,
            account_type_id: type,
            balance: wireAmount(balance),
            lock_balance: wireAmount(locked),
            convert_usd: wireAmount(usd),
            currency: currencyView(c),
          };
        });
      return {
        account_type_id: type,
        account_code: ACCOUNT_CODES[type],
        name: ACCOUNT_NAMES[type],
        // Deposits land in, and withdrawals leave from, the trade account.
        is_recharge: type === 1 ? 1 : 0,
        convert_usd: wireAmount(total),
        accounts: items,
      };
    });
  });

  route(app, CALLS.currencyProtocols, async ({ ctx }) => {
    const list = await loadCurrencies(ctx.db);
    return list
      .filter((c) => c.protocols.length > 0)
      .map((c) => ({
        id: c.id,
        code: c.code,
        currency_protocols: currencyView(c).currency_protocols,
      }));
  });

  route(app, CALLS.wallet, async ({ ctx, session, input }) => {
    const currency = await loadCurrency(ctx.db, input.currency_id);
    if (!currency.openRecharge) throw new AppError('deposit.closed');
    return walletsOf(ctx, session.userId, currency);
  });

  // wallet/createPayOrder is the deposit channels' (domains/vnd): crypto reports come back here.

  route(app, CALLS.rechargeLog, async ({ ctx, session, input }) =>
    ownRecords(
      await depositPage(ctx.db, { userId: session.userId, currencyId: input.currency_id }, input),
    ),
  );

  route(app, CALLS.draw, async ({ ctx, session, input }) => {
    // Not while frozen, nor within 24 h of a change of the e-mail or the login password.
    await assertWithdrawalsAllowed(ctx.db, session.userId);
    const currency = await loadCurrency(ctx.db, input.currency_id);
    if (!currency.openDraw) throw new AppError('withdraw.closed');
    const protocol = pickProtocol(currency, input.currency_protocol_id);
    const amount = parseAmount(input.number);
    // Withdrawals go only to addresses the user bound with an e-mailed code (spec 3 §5).
    const bound = await boundAddress(ctx, session.userId, protocol.id, input.address);
    if (!bound) throw new AppError('withdraw.address_unbound');
    await checkPayPassword(ctx.db, session.userId, input.pay_password);
    if (amount < currency.drawMin)
      throw new AppError('withdraw.below_min', { min: wireAmount(currency.drawMin) });
    if (currency.drawMax > 0n && amount > currency.drawMax)
      throw new AppError('withdraw.above_max', { max: wireAmount(currency.drawMax) });
    const fee = floorTo(mulUnits(amount, currency.drawRate), AMOUNT_DECIMALS);
    // One request of a user at a time: the 24 h sum read below includes the one before.
    const result = await withdrawals24h.run(String(session.userId), async () => {
      await checkDailyLimit(ctx, session.userId, mulUnits(amount, currency.usdPrice));
      return ctx.send({
        kind: 'wallet.requestWithdrawal',
        userId: session.userId,
        currencyId: currency.id,
        protocolId: protocol.id,
        chain: protocol.chainCode,
        address: input.address,
        memo: input.memo || bound.memo,
        number: wireAmount(amount),
        fee: wireAmount(fee),
      });
    });
    const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, result.id));
    if (!row) throw new AppError('common.internal');
    return withdrawView(row, currency.code);
  });

  route(app, CALLS.withdrawLog, async ({ ctx, session, input }) =>
    ownRecords(
      await withdrawalPage(
        ctx.db,
        { userId: session.userId, currencyId: input.currency_id },
        input,
      ),
    ),
  );

  route(app, CALLS.transfer, async ({ ctx, session, input }) => {
    const currency = await loadCurrency(ctx.db, input.currency_id);
    if (!currency.accountTypes.includes(input.from) || !currency.accountTypes.includes(input.to))
      throw new AppError('transfer.not_allowed');
    const amount = parseAmount(input.balance);
    const result = await ctx.send({
      kind: 'wallet.transfer',
      userId: session.userId,
      currencyId: currency.id,
      from: input.from,
      to: input.to,
      amount: wireAmount(amount),
      clientId: input.client_id || null,
    });
    const [row] = await ctx.db.select().from(transfers).where(eq(transfers.id, result.id));
    if (!row) throw new AppError('common.internal');
    return transferView(row, new Map([[currency.id, currency.code]]));
  });

  route(app, CALLS.transferLog, async ({ ctx, session, input }) => {
    const where = and(
      eq(transfers.userId, session.userId),
      input.currency_id ? eq(transfers.currencyId, input.currency_id) : undefined,
    );
    const [total] = await ctx.db.select({ n: count() }).from(transfers).where(where);
    const rows = await ctx.db
      .select()
      .from(transfers)
      .where(where)
      .orderBy(desc(transfers.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    const codes = await currencyCodes(ctx);
    return pageResult(
      rows.map((r) => transferView(r, codes)),
      total?.n ?? 0,
      input,
    );
  });

  route(app, CALLS.accountLog, async ({ ctx, session, input }) => {
    // `all`: every account of the user (the transaction log); else one account type.
    const all = input.types.trim().toLowerCase() === 'all';
    const type = all ? ACCOUNT_TYPES.trade : accountTypeOf(input.types);
    const conditions: SQL[] = [eq(accounts.userId, session.userId)];
    if (!all) conditions.push(eq(accounts.type, type));
    if (input.currency_id) conditions.push(eq(accounts.currencyId, input.currency_id));
    const where = and(...conditions);
    const [total] = await ctx.db
      .select({ n: count() })
      .from(postings)
      .innerJoin(accounts, eq(accounts.id, postings.accountId))
      .where(where);
    const rows = await ctx.db
      .select({
        journalId: postings.journalId,
        accountId: postings.accountId,
        bucket: postings.bucket,
        amount: postings.amount,
        currencyId: postings.currencyId,
        accountType: accounts.type,
        code: currencies.code,
        kind: journal.kind,
        refId: journal.refId,
        createdAt: journal.createdAt,
      })
      .from(postings)
      .innerJoin(accounts, eq(accounts.id, postings.accountId))
      .innerJoin(journal, eq(journal.id, postings.journalId))
      .innerJoin(currencies, eq(currencies.id, postings.currencyId))
      .where(where)
      .orderBy(desc(postings.journalId), desc(postings.bucket))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    return pageResult(
      rows.map((r) => ({
        id: `${r.journalId}-${r.accountId}-${r.bucket}`,
        currency_id: r.currencyId,
        currency_code: r.code,
        account_type_id: r.accountType,
        kind: r.kind,
        bucket: r.bucket === 1 ? (1 as const) : (0 as const),
        amount: wireAmount(units(r.amount)),
        ref_id: r.refId,
        created_at: r.createdAt.getTime(),
      })),
      total?.n ?? 0,
      input,
    );
  });

  addressRoutes(app);

  route(app, CALLS.checkPaypass, async ({ ctx, session }) => {
    const [user] = await ctx.db
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, session.userId));
    return { has_pay_password: Boolean(user?.hash) };
  });

  route(app, CALLS.amendPayPassword, async ({ ctx, session, input }) => {
    const [user] = await ctx.db
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, session.userId));
    if (user?.hash) {
      if (!input.old_password) throw new AppError('login.enterOld');
      // Wrong old passwords count against the same limit as withdrawals.
      await checkPayPassword(ctx.db, session.userId, input.old_password);
    }
    const target = await codeAddress(ctx, session.userId);
    await consumeCode(ctx.db, target.address, CODE_TYPE.payPassword, input.auth_code);
    await ctx.db
      .update(users)
      .set({
        payPasswordHash: await hashPassword(input.password, ctx.config.passwordHashCost),
        payFailCount: 0,
        payFailSince: null,
      })
      .where(eq(users.id, session.userId));
    return { has_pay_password: true };
  });
}
