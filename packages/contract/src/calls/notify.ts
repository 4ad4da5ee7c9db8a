import { z } from 'zod';
import { defineCall } from '../call.js';
import { CODE_TYPE, CODE_TYPES, type CodeType } from '../constants.js';
import { checkEmail, checkMobile } from '../validation.js';
import { idParam, text } from './fields.js';

const codeType = z.coerce
  .number()
  .int()
  // Withdrawal-address codes are sent by address/send_code only, codes to the address being
  // replaced by sms_mail only (after the login password).
  .refine(
    (v): v is CodeType =>
      (CODE_TYPES as number[]).includes(v) &&
      v !== CODE_TYPE.withdrawAddress &&
      v !== CODE_TYPE.rebindOld,
    { message: 'code.type' },
  );

export const sendEmailRequest = z
  .object({ to: text(100), type: codeType, area_id: idParam.optional() })
  .superRefine((v, ctx) => {
    const err = checkEmail(v.to);
    if (err) ctx.addIssue({ code: 'custom', message: err, path: ['to'] });
  });

export const sendSmsRequest = z
  .object({ to: text(20), type: codeType, area_id: idParam.optional() })
  .superRefine((v, ctx) => {
    const err = checkMobile(v.to);
    if (err) ctx.addIssue({ code: 'custom', message: err, path: ['to'] });
  });

/** When the next code may be requested, so a client can resume its countdown. */
export const sendCodeResponse = z.object({ resend_after_s: z.number().int() });

export const notifyCalls = {
  sendEmail: defineCall({
    method: 'POST',
    path: 'notify/send_email',
    auth: 'optional',
    tag: 'notify',
    rateLimit: 'code',
    summary:
      'Send a verification code by e-mail (type 1 register, 2 forgot password, 3 pay password, 4 bind e-mail, 5 login)',
    request: sendEmailRequest,
    response: sendCodeResponse,
  }),
  sendSms: defineCall({
    method: 'POST',
    path: 'notify/send_sms',
    auth: 'optional',
    tag: 'notify',
    rateLimit: 'code',
    summary: 'Send a verification code by SMS to a mobile number in the chosen area',
    request: sendSmsRequest,
    response: sendCodeResponse,
  }),
};
