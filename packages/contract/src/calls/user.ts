import { z } from 'zod';
import { defineCall } from '../call.js';
import { timestamp } from '../envelope.js';
import {
  checkAccount,
  checkCode,
  checkPassword,
  checkRepeat,
  EMAIL_RE,
  MOBILE_RE,
} from '../validation.js';
import { accountTypeSchema, callingCode, idParam, text } from './fields.js';

type Issue = { message: string; path: string[] };
function report(ctx: z.RefinementCtx, issue: Issue | null) {
  if (issue) ctx.addIssue({ code: 'custom', ...issue });
}
function first(...checks: (Issue | null)[]): Issue | null {
  return checks.find((c) => c !== null) ?? null;
}
function at(path: string, key: string | null): Issue | null {
  return key ? { message: key, path: [path] } : null;
}

/** Register (spec 1 §5): account, code, password strength, repeat; checked in the screen's order. */
export const registerRequest = z
  .object({
    type: accountTypeSchema.default('email'),
    account: text(100),
    password: text(64),
    re_password: text(64),
    sms_code: text(16),
    invite_code: text(32),
    area_id: idParam.optional(),
  })
  .superRefine((v, ctx) =>
    report(
      ctx,
      first(
        at('account', checkAccount(v.type, v.account)),
        at('sms_code', checkCode(v.sms_code)),
        at('password', checkPassword(v.password)),
        at('re_password', checkRepeat(v.password, v.re_password)),
      ),
    ),
  );

/** Login (spec 1 §5): account by tab, password required; the SMS code is checked by the server when enabled. */
export const loginRequest = z
  .object({
    login_type: accountTypeSchema.default('email'),
    account: text(100),
    password: text(64),
    sms_code: text(16),
    country_code: callingCode.optional(),
  })
  .superRefine((v, ctx) =>
    report(
      ctx,
      first(
        at('account', checkAccount(v.login_type, v.account)),
        at('password', v.password ? null : 'register.emptyPassword'),
      ),
    ),
  );

/** Forgot password (spec 3 §5). */
export const forgetPasswordRequest = z
  .object({
    type: accountTypeSchema.default('email'),
    account: text(100),
    new_password: text(64),
    secondary_password: text(64),
    auth_code: text(16),
    country_code: callingCode.optional(),
  })
  .superRefine((v, ctx) => {
    const accountOk = v.type === 'email' ? EMAIL_RE.test(v.account) : MOBILE_RE.test(v.account);
    report(
      ctx,
      first(
        at(
          'account',
          accountOk ? null : v.type === 'email' ? 'login.p_temail' : 'login.p_taccount',
        ),
        at('auth_code', checkCode(v.auth_code)),
        at('new_password', checkPassword(v.new_password)),
        at('secondary_password', checkRepeat(v.new_password, v.secondary_password)),
      ),
    );
  });

export const userInfo = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  country_code: z.string().nullable(),
  area_id: z.number().int().nullable(),
  is_seller: z.boolean(),
  invite_code: z.string(),
  /** 0 none, 1 pending, 2 approved, 3 rejected (spec 3 §3). */
  review_status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** 50, +25 bound phone, +25 bound e-mail, +25 identity approved (spec 3 §4). */
  security_level: z.number().int(),
  role: z.enum(['user', 'admin']),
  created_at: timestamp,
});
export type UserInfo = z.infer<typeof userInfo>;

export const userCalls = {
  register: defineCall({
    method: 'POST',
    path: 'user/register',
    auth: 'public',
    tag: 'user',
    rateLimit: 'register',
    summary: 'Register with an e-mail address or a mobile number and the code sent to it',
    request: registerRequest,
    response: z.object({ id: z.number().int() }),
  }),
  login: defineCall({
    method: 'POST',
    path: 'user/login',
    auth: 'public',
    tag: 'user',
    rateLimit: 'login',
    summary: 'Sign in; the data is the session token to send as Authorization',
    request: loginRequest,
    response: z.string(),
  }),
  info: defineCall({
    method: 'GET',
    path: 'user/info',
    auth: 'user',
    tag: 'user',
    summary: 'The signed-in user',
    request: z.object({}),
    response: userInfo,
  }),
  logout: defineCall({
    method: 'POST',
    path: 'user/logout',
    auth: 'user',
    tag: 'user',
    summary: 'End this session (the token stops working at once)',
    request: z.object({}),
    response: z.null(),
  }),
  forgetPassword: defineCall({
    method: 'POST',
    path: 'user/forget_password',
    auth: 'public',
    tag: 'user',
    rateLimit: 'password',
    summary: 'Set a new password with a code of type 2; every session of the account ends',
    request: forgetPasswordRequest,
    response: z.null(),
  }),
};
