import type { ErrorKey } from '@exchange/contract';

/** A rejected identity needs a reason of at least 3 characters: the user reads it (descript). */
export const IDENTITY_REASON_MIN = 3;
export const IDENTITY_REASON_MAX = 300;
/** A reply to a feedback: any text, up to the server's 2000 characters. */
export const REPLY_MAX = 2000;

export function checkIdentityReason(reason: string): ErrorKey | null {
  return reason.trim().length >= IDENTITY_REASON_MIN ? null : 'identity.p_reason';
}

export function checkReply(reply: string): ErrorKey | null {
  return reply.trim() ? null : 'feedback.p_reply';
}
