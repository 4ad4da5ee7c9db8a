import { CODE_TTL_S, CODE_TYPE, type CodeType } from '@exchange/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import {
  type AccountKind,
  addressOf,
  areaById,
  findUserByAccount,
  type SessionUser,
} from '../user/index.js';
import { issueCode, resendSeconds, resendWait } from './codes.js';

const PURPOSE_SUBJECT: Record<CodeType, string> = {
  [CODE_TYPE.register]: 'registration',
  [CODE_TYPE.forgot]: 'password reset',
  [CODE_TYPE.payPassword]: 'trade password',
  [CODE_TYPE.bindEmail]: 'e-mail binding',
  [CODE_TYPE.login]: 'login',
  [CODE_TYPE.withdrawAddress]: 'withdrawal address',
  [CODE_TYPE.rebindOld]: 'address change',
};

/** Issues a code for an address after the resend guard, and sends it (`note` ends the text). */
export async function deliverCode(
  ctx: AppContext,
  kind: AccountKind,
  address: string,
  type: CodeType,
  note?: string,
) {
  const wait = await resendWait(ctx.db, address, type);
  if (wait > 0) throw new AppError('code.resend_wait', { seconds: wait, retry_after_s: wait });
  const code = await issueCode(ctx.db, kind === 'email' ? 'email' : 'sms', address, type);
  const minutes = CODE_TTL_S / 60;
  try {
    await ctx.notifier.send({
      channel: kind === 'email' ? 'email' : 'sms',
      to: address,
      subject: `Your ${PURPOSE_SUBJECT[type]} code`,
      body: note
        ? `Your ${PURPOSE_SUBJECT[type]} verification code is ${code}. It expires in ${minutes} minutes. ${note}`
        : `Your ${PURPOSE_SUBJECT[type]} verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
    });
  } catch {
    throw new AppError('code.send_failed');
  }
  return { resend_after_s: resendSeconds(type) };
}

/** Checks who may receive a code of this type at this address, then sends it (notify calls). */
export async function sendCode(
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
  if (input.type === CODE_TYPE.bindEmail) {
    if (!session) throw new AppError('auth.session_expired');
    if (user) throw new AppError(user.id === session.userId ? 'email.same' : 'email.taken');
  }
  if (input.type === CODE_TYPE.payPassword) {
    if (!session) throw new AppError('auth.session_expired');
    if (!user || user.id !== session.userId) throw new AppError('code.not_own_account');
  }
  return deliverCode(ctx, kind, addressOf(kind, input.to, countryCode), input.type);
}
