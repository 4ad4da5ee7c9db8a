import { CALLS, CODE_TYPE, type CodeType } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { addressOf, areaById, findUserByAccount, type AccountKind } from '../user/accounts.js';
import type { SessionUser } from '../user/sessions.js';
import { deliverCode } from './code-delivery.js';

async function sendCode(
  ctx: AppContext,
  session: SessionUser | null,
  kind: AccountKind,
  input: { to: string; type: CodeType; area_id?: number | undefined },
) {
  const countryCode = kind === 'mobile' ? (await areaById(ctx.db, input.area_id)).globalCode : null;
  const user = await findUserByAccount(ctx.db, kind, input.to, countryCode);
  // Who may receive which code (spec 1 §7, spec 3 §7).
  if (input.type === CODE_TYPE.register && user) throw new AppError('auth.account_exists');
  if ((input.type === CODE_TYPE.forgot || input.type === CODE_TYPE.login) && !user) {
    throw new AppError('auth.account_not_found');
  }
  if (input.type === CODE_TYPE.payPassword) {
    if (!session) throw new AppError('auth.session_expired');
    if (!user || user.id !== session.userId) throw new AppError('code.not_own_account');
  }
  return deliverCode(ctx, kind, addressOf(kind, input.to, countryCode), input.type);
}

export function notifyRoutes(app: FastifyInstance) {
  route(app, CALLS.sendEmail, ({ ctx, session, input }) => sendCode(ctx, session, 'email', input));
  route(app, CALLS.sendSms, ({ ctx, session, input }) => sendCode(ctx, session, 'mobile', input));
}
