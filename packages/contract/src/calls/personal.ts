import { z } from 'zod';
import { defineCall } from '../call.js';
import { pageOf, timestamp } from '../envelope.js';
import { EMAIL_RE, PASSWORD_RE } from '../validation.js';
import { idParam, text } from './fields.js';

/**
 * The account area (spec 3 screens 3–10 and 15): security settings, identity verification,
 * receiving methods, bank info and feedback, with the operator's identity queue and feedback inbox.
 */

/** Identity review status (spec 3 §3): 0 none, 1 pending, 2 approved, 3 rejected with `descript`. */
export const REVIEW = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;
export type IdentityReview = (typeof REVIEW)[keyof typeof REVIEW];
const identityReview = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Security level (spec 3 §4): 50, +25 bound phone, +25 bound e-mail, +25 identity approved. */
export const SECURITY_LEVELS = [
  { min: 125, label: 'strong' },
  { min: 100, label: 'high' },
  { min: 75, label: 'middle' },
  { min: 0, label: 'low' },
] as const;
export type SecurityLabel = (typeof SECURITY_LEVELS)[number]['label'];
export function securityLevel(u: {
  mobile: string | null;
  email: string | null;
  review_status: number;
}): number {
  return (
    50 + (u.mobile ? 25 : 0) + (u.email ? 25 : 0) + (u.review_status === REVIEW.approved ? 25 : 0)
  );
}
export function securityLabel(level: number): SecurityLabel {
  return (SECURITY_LEVELS.find((l) => level >= l.min) ?? SECURITY_LEVELS[3]).label;
}

/** Receiving method types (spec 3 §3): their ids are the `type` of pay_method calls. */
export const PAY_METHOD_TYPES = [
  { id: 1, code: 'alipay' },
  { id: 2, code: 'wxpay' },
  { id: 3, code: 'bank' },
] as const;
export type PayMethodCode = (typeof PAY_METHOD_TYPES)[number]['code'];

/** Feedback types (addition: the documents name the field, not its values). */
export const FEEDBACK_TYPES = [
  { id: 1, code: 'account' },
  { id: 2, code: 'deposit' },
  { id: 3, code: 'trading' },
  { id: 4, code: 'suggestion' },
  { id: 5, code: 'other' },
] as const;
export const FEEDBACK_MIN_CONTENT = 10;
export const FEEDBACK_PAGE_SIZE = 10;
export const IDENTITY_PAGE_SIZE = 20;
/** After a password change the page returns to login this long after the answer (spec 3 §7). */
export const AMEND_PASSWORD_REDIRECT_MS = 500;

type Issue = { message: string; path: string[] };
function firstIssue(ctx: z.RefinementCtx, checks: (Issue | null)[]) {
  const issue = checks.find((c) => c !== null);
  if (issue) ctx.addIssue({ code: 'custom', ...issue });
}
const at = (path: string, key: string | null): Issue | null =>
  key ? { message: key, path: [path] } : null;

/** An upload url of common/image_upload (checked to be the caller's own by the server). */
const uploadUrl = text(200);

const walletRaw = z.object({
  real_name: z.string(),
  account: z.string(),
  qrcode: z.string(),
});
const bankRaw = z.object({
  real_name: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  card_no: z.string(),
});
export const payMethodRaw = z.union([bankRaw, walletRaw]);
export type PayMethodRaw = z.infer<typeof payMethodRaw>;

/** A raw_data object as typed: every field a trimmed text; which are required depends on type. */
const rawInput = z
  .object({
    real_name: text(60),
    account: text(100),
    qrcode: uploadUrl,
    bank_name: text(100),
    bank_address: text(200),
    card_no: text(40),
  })
  .partial()
  .default({});

export const savedPayMethod = z.object({
  type: z.number().int(),
  code: z.enum(['alipay', 'wxpay', 'bank']),
  raw_data: payMethodRaw,
  updated_at: timestamp,
});

export const identityRow = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), account: z.string() }),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  hand_pic: z.string(),
  review_status: identityReview,
  descript: z.string(),
  created_at: timestamp,
  reviewed_at: timestamp.nullable(),
});
export type IdentityRow = z.infer<typeof identityRow>;

export const feedbackRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  type_code: z.string(),
  title: z.string(),
  content: z.string(),
  reply: z.string().nullable(),
  created_at: timestamp,
  replied_at: timestamp.nullable(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

const bankInfo = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  updated_at: timestamp,
});

export const personalCalls = {
  authorizationCode: defineCall({
    method: 'GET',
    path: 'user/authorization_code',
    auth: 'user',
    tag: 'user',
    summary: 'The code an agent uses to add this user below them; unchanged until replaced by POST',
    request: z.object({}),
    response: z.object({ code: z.string() }),
  }),
  newAuthorizationCode: defineCall({
    method: 'POST',
    path: 'user/authorization_code',
    auth: 'user',
    tag: 'user',
    addition: true,
    summary: 'Replace the authorization code with a new random one',
    request: z.object({}),
    response: z.object({ code: z.string() }),
  }),
  amendPassword: defineCall({
    method: 'POST',
    path: 'user/amend_password',
    auth: 'user',
    tag: 'user',
    rateLimit: 'password',
    summary:
      'Change the login password: every session of the user ends, sockets included; sign in again',
    request: z
      .object({
        old_password: text(64),
        new_password: text(64),
        secondary_password: text(64),
      })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [
          at('old_password', v.old_password ? null : 'login.enterOld'),
          at('new_password', v.new_password ? null : 'login.p_pwd'),
          at('new_password', v.new_password.length >= 6 ? null : 'login.p_simple'),
          at('new_password', PASSWORD_RE.test(v.new_password) ? null : 'register.length'),
          at(
            'secondary_password',
            v.secondary_password === v.new_password ? null : 'login.p_t_notpwd',
          ),
        ]),
      ),
    response: z.null(),
  }),
  bindEmailCode: defineCall({
    method: 'POST',
    path: 'sms_mail',
    auth: 'user',
    tag: 'user',
    rateLimit: 'code',
    summary:
      'After the login password: send a code to the e-mail address to bind (legacy: user_string is the address) and, when the account already has one, another to the current address (target: both by default, new or old to resend one)',
    request: z
      .object({
        user_string: text(100),
        /** The login password (addition): a stolen session alone cannot move the address. */
        password: text(64),
        /** Addition: which codes to send; a resend asks for one of them. */
        target: z.enum(['both', 'new', 'old']).default('both'),
      })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [
          at('user_string', v.user_string ? null : 'register.emptyEmail'),
          at('user_string', EMAIL_RE.test(v.user_string) ? null : 'register.pRightEmail'),
          at('password', v.password ? null : 'account.rebind_password'),
        ]),
      ),
    response: z.null(),
  }),
  bindEmail: defineCall({
    method: 'POST',
    path: 'safe/email',
    auth: 'user',
    tag: 'user',
    rateLimit: 'password',
    summary:
      "Bind an e-mail address with the code sent to it, the login password and, when the account already has an address, the code sent to that one (old_code); the old address is told, with a link to freeze the account; withdrawals wait 24 h. Answers type 'ok' (the page closes)",
    request: z
      .object({
        email: text(100),
        code: text(16),
        /** The code sms_mail sent to the address bound now (addition; none on a first binding). */
        old_code: text(16),
        /** The login password (addition). */
        password: text(64),
      })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [
          at('email', v.email ? null : 'register.emptyEmail'),
          at('email', EMAIL_RE.test(v.email) ? null : 'register.pRightEmail'),
          at('code', v.code ? null : 'register.emptyCode'),
          at('password', v.password ? null : 'account.rebind_password'),
        ]),
      ),
    response: z.object({ type: z.literal('ok'), message: z.string(), email: z.string() }),
  }),
  freezeAccount: defineCall({
    method: 'POST',
    path: 'user/freeze',
    auth: 'public',
    tag: 'user',
    addition: true,
    rateLimit: 'password',
    summary:
      'The link of a "your address was changed" notice (once): every session ends, the address changed goes back to the one the notice went to, and sign-in and withdrawals are refused until a password reset or an operator lifts the freeze',
    request: z
      .object({ token: text(128) })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [at('token', v.token ? null : 'account.freeze_invalid')]),
      ),
    response: z.object({ frozen_at: timestamp }),
  }),
  payMethodTypes: defineCall({
    method: 'GET',
    path: 'pay_method/types',
    auth: 'user',
    tag: 'pay_method',
    summary: 'Receiving method types: alipay, wxpay, bank',
    request: z.object({}),
    response: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        code: z.enum(['alipay', 'wxpay', 'bank']),
      }),
    ),
  }),
  payMethodOfType: defineCall({
    method: 'GET',
    path: 'pay_method/get_method_by_type',
    auth: 'user',
    tag: 'pay_method',
    summary: "The user's saved receiving method of a type, or null",
    request: z.object({ type: idParam }),
    response: savedPayMethod.nullable(),
  }),
  payMethodSave: defineCall({
    method: 'POST',
    path: 'pay_method/save',
    auth: 'user',
    tag: 'pay_method',
    summary:
      'Save the receiving method of a type (one per type; saving again replaces it); a QR code is an upload of the user',
    request: z.object({ type: idParam, raw_data: rawInput }),
    response: savedPayMethod,
  }),
  identityCenter: defineCall({
    method: 'GET',
    path: 'user_real/center',
    auth: 'user',
    tag: 'user_real',
    summary:
      "The user's identity verification: review_status 0 none, 1 pending, 2 approved, 3 rejected with the reason in descript",
    request: z.object({}),
    response: z.object({
      review_status: identityReview,
      descript: z.string(),
      name: z.string().nullable(),
      /** The id number with all but its last 4 characters masked. */
      card_id: z.string().nullable(),
      submitted_at: timestamp.nullable(),
    }),
  }),
  identitySubmit: defineCall({
    method: 'POST',
    path: 'user_real/real_name',
    auth: 'user',
    tag: 'user_real',
    summary:
      'Submit name, id number and the three photos (uploads of the user) for review; refused while one is pending or approved',
    request: z
      .object({
        name: text(60),
        card_id: text(40),
        front_pic: uploadUrl,
        reverse_pic: uploadUrl,
        hand_pic: uploadUrl,
      })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [
          at('name', v.name ? null : 'collect.p_name'),
          at('card_id', v.card_id ? null : 'collect.p_cardno'),
          at('card_id', /^[A-Za-z0-9-]{4,40}$/.test(v.card_id) ? null : 'identity.card_id'),
          at('front_pic', v.front_pic ? null : 'collect.up_cardz'),
          at('reverse_pic', v.reverse_pic ? null : 'collect.up_cardf'),
          at('hand_pic', v.hand_pic ? null : 'collect.up_cardhand'),
        ]),
      ),
    response: z.object({ review_status: identityReview }),
  }),
  bankInfo: defineCall({
    method: 'GET',
    path: 'user_bank/info',
    auth: 'user',
    tag: 'user_bank',
    summary: "The user's bank account for withdrawals, or null",
    request: z.object({}),
    response: bankInfo.nullable(),
  }),
  bankUpdate: defineCall({
    method: 'POST',
    path: 'user_bank/update',
    auth: 'user',
    tag: 'user_bank',
    summary: "Set the user's bank account for withdrawals",
    request: z
      .object({ bank_name: text(100), account_number: text(40), account_name: text(60) })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [
          at('bank_name', v.bank_name ? null : 'collect.bank_name'),
          at('account_number', v.account_number ? null : 'collect.bank_account'),
          at(
            'account_number',
            /^[0-9 -]{4,40}$/.test(v.account_number) ? null : 'collect.bank_account_format',
          ),
          at('account_name', v.account_name ? null : 'collect.p_name'),
        ]),
      ),
    response: bankInfo,
  }),
  feedbackTypes: defineCall({
    method: 'GET',
    path: 'feedback/type',
    auth: 'user',
    tag: 'feedback',
    addition: true,
    summary: 'Feedback types',
    request: z.object({}),
    response: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  }),
  feedbackSubmit: defineCall({
    method: 'POST',
    path: 'feedback/feedback',
    auth: 'user',
    tag: 'feedback',
    addition: true,
    summary: 'Send feedback: type, title, content of at least 10 characters',
    request: z
      .object({
        type: z.coerce.number().int().min(0).max(100).default(0),
        title: text(100),
        content: text(2000),
      })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [
          at('type', v.type ? null : 'feedback.p_type'),
          at('title', v.title ? null : 'feedback.p_title'),
          at('content', v.content ? null : 'feedback.p_content'),
          at(
            'content',
            [...v.content].length >= FEEDBACK_MIN_CONTENT ? null : 'feedback.content_short',
          ),
        ]),
      ),
    response: feedbackRow,
  }),
  feedbackList: defineCall({
    method: 'GET',
    path: 'feedback/list',
    auth: 'user',
    tag: 'feedback',
    addition: true,
    summary: "The user's feedback with the operator's replies, newest first, 10 a page",
    request: z.object({ page: z.coerce.number().int().min(1).default(1) }),
    response: pageOf(feedbackRow),
  }),
  adminIdentities: defineCall({
    method: 'GET',
    path: 'admin/identities',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Identity submissions by status (1 pending by default), oldest pending first',
    request: z.object({
      status: z.coerce
        .number()
        .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
        .default(1),
      page: z.coerce.number().int().min(1).default(1),
    }),
    response: pageOf(identityRow),
  }),
  adminIdentityApprove: defineCall({
    method: 'POST',
    path: 'admin/identities/approve',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Approve a pending identity submission (recorded in the audit log)',
    request: z.object({ id: idParam }),
    response: identityRow,
  }),
  adminIdentityReject: defineCall({
    method: 'POST',
    path: 'admin/identities/reject',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Reject a pending identity submission; the reason is shown to the user (descript)',
    request: z
      .object({ id: idParam, reason: text(300) })
      .superRefine((v, ctx) =>
        firstIssue(ctx, [at('reason', v.reason.length >= 3 ? null : 'identity.p_reason')]),
      ),
    response: identityRow,
  }),
  adminFeedback: defineCall({
    method: 'GET',
    path: 'admin/feedback',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Feedback of all users: unanswered (status 0, oldest first) or answered (1)',
    request: z.object({
      status: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .default(0),
      page: z.coerce.number().int().min(1).default(1),
    }),
    response: pageOf(
      feedbackRow.extend({ user: z.object({ id: z.number().int(), account: z.string() }) }),
    ),
  }),
  adminUnfreeze: defineCall({
    method: 'POST',
    path: 'admin/users/unfreeze',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Lift the freeze of an account (user is an e-mail, mobile or id); recorded in the audit log',
    request: z.object({ user: text(100).pipe(z.string().min(1)) }),
    response: z.object({ user_id: z.number().int(), was_frozen: z.boolean() }),
  }),
  adminFeedbackReply: defineCall({
    method: 'POST',
    path: 'admin/feedback/reply',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Reply to a feedback (once; recorded in the audit log)',
    request: z
      .object({ id: idParam, reply: text(2000) })
      .superRefine((v, ctx) => firstIssue(ctx, [at('reply', v.reply ? null : 'feedback.p_reply')])),
    response: feedbackRow,
  }),
};
