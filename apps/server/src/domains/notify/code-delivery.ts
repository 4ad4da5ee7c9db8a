import { CODE_TTL_S, CODE_TYPE, type CodeType } from '@exchange/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { AccountKind } from '../user/accounts.js';
import { issueCode, resendSeconds, resendWait } from './codes.js';

const PURPOSE_SUBJECT: Record<CodeType, string> = {
  [CODE_TYPE.register]: 'registration',
  [CODE_TYPE.forgot]: 'password reset',
  [CODE_TYPE.payPassword]: 'trade password',
  [CODE_TYPE.login]: 'login',
  [CODE_TYPE.withdrawAddress]: 'withdrawal address',
};

/** Issues a code for an address after the resend guard, and sends it. */
export async function deliverCode(
  ctx: AppContext,
  kind: AccountKind,
  address: string,
  type: CodeType,
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
      body: `Your ${PURPOSE_SUBJECT[type]} verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
    });
  } catch {
    throw new AppError('code.send_failed');
  }
  return { resend_after_s: resendSeconds(type) };
}
