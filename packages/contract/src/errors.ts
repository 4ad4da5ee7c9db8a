/**
 * The error catalogue: every failure the server reports carries one of these keys, a real HTTP
 * status and the envelope code (0 for ordinary failures, 999 when the session is missing or expired).
 * The keys of spec 1 §8 and spec 3 §5 are used verbatim so the client can show them as toasts.
 */
export const ERRORS = {
  // Client-side validation keys of the documents, also reported by the server.
  'register.emptyEmail': { status: 422 },
  'register.pRightEmail': { status: 422 },
  'register.emptyPhone': { status: 422 },
  'register.pRightPhone': { status: 422 },
  'register.emptyPassword': { status: 422 },
  'register.emptyCode': { status: 422 },
  'register.length': { status: 422 },
  'register.enterPassword2': { status: 422 },
  'register.unlike': { status: 422 },
  'login.p_first': { status: 422 },
  'login.p_temail': { status: 422 },
  'login.p_taccount': { status: 422 },
  'trade.p_price': { status: 422 },
  'trade.p_num': { status: 422 },
  'trade.notbest': { status: 422 },
  'trade.remind': { status: 422 },

  // Protocol and infrastructure.
  'common.invalid_param': { status: 422 },
  'common.bad_json': { status: 400 },
  'common.bad_request': { status: 400 },
  'common.unsupported_media_type': { status: 415 },
  'common.payload_too_large': { status: 413 },
  'common.headers_too_large': { status: 431 },
  'common.request_timeout': { status: 408 },
  'common.not_found': { status: 404 },
  'common.too_many_requests': { status: 429 },
  'common.forbidden': { status: 403 },
  'common.internal': { status: 500 },
  'common.unavailable': { status: 503 },
  'common.bad_text': { status: 422 },
  'common.bad_number': { status: 422 },

  // Sessions and accounts.
  'auth.session_expired': { status: 401, code: 999 },
  'auth.login_failed': { status: 401 },
  'auth.account_exists': { status: 409 },
  'auth.account_not_found': { status: 404 },
  'auth.account_disabled': { status: 403 },
  'auth.invite_invalid': { status: 422 },
  'auth.area_invalid': { status: 422 },
  'auth.admin_only': { status: 403 },
  'auth.login_locked': { status: 429 },

  // Verification codes.
  'code.invalid': { status: 422 },
  'code.expired': { status: 422 },
  'code.attempts_exceeded': { status: 422 },
  'code.resend_wait': { status: 429 },
  'code.send_failed': { status: 502 },
  'code.not_own_account': { status: 403 },

  // Spot trading and balances.
  'balance.insufficient': { status: 422 },
  'market.not_found': { status: 404 },
  'currency.not_found': { status: 404 },
  'trade.price_scale': { status: 422 },
  'trade.qty_scale': { status: 422 },
  'trade.min_qty': { status: 422 },
  'trade.invalid_number': { status: 422 },
  'order.not_found': { status: 404 },
  'order.not_open': { status: 409 },
  'order.client_id_conflict': { status: 409 },
  'order.rate_limited': { status: 429 },
  'order.open_limit': { status: 422 },

  // Assets area (spec 2 §5, spec 3 §5).
  'account.type_invalid': { status: 422 },
  'amount.invalid': { status: 422 },
  'amount.precision': { status: 422 },
  'amount.too_large': { status: 422 },
  'withdraw.p_address': { status: 422 },
  'withdraw.p_number': { status: 422 },
  'withdraw.p_password': { status: 422 },
  'withdraw.below_min': { status: 422 },
  'withdraw.above_max': { status: 422 },
  'withdraw.closed': { status: 422 },
  'withdraw.address_unbound': { status: 422 },
  'withdraw.not_found': { status: 404 },
  'deposit.p_quantity': { status: 422 },
  'deposit.closed': { status: 422 },
  'deposit.not_found': { status: 404 },
  'deposit.address_invalid': { status: 422 },
  'deposit.p_img': { status: 422 },
  'deposit.img_invalid': { status: 422 },
  'deposit.duplicate': { status: 409 },
  'deposit.too_many_pending': { status: 422 },
  'upload.p_file': { status: 422 },
  'upload.type': { status: 415 },
  'upload.too_large': { status: 413 },
  'paypass.not_set': { status: 422 },
  'paypass.wrong': { status: 422 },
  'paypass.locked': { status: 429 },
  'login.enterOld': { status: 422 },
  'transfer.p_number': { status: 422 },
  'transfer.same_account': { status: 422 },
  'transfer.not_allowed': { status: 422 },
  'convert.p_number': { status: 422 },
  'convert.not_allowed': { status: 422 },
  'convert.no_market': { status: 422 },
  'convert.depth_insufficient': { status: 422 },
  'convert.p_min_receive': { status: 422 },
  'convert.min_receive': { status: 422 },
  'lever.p_price': { status: 422 },
  'lever.p_multiple': { status: 422 },
  'lever.p_share': { status: 422 },
  'lever.p_password': { status: 422 },
  'lever.closed_pair': { status: 422 },
  'lever.multiple': { status: 422 },
  'lever.share_range': { status: 422 },
  'lever.user_limit': { status: 422 },
  'lever.open_interest': { status: 422 },
  'lever.house_cover': { status: 422 },
  'lever.no_price': { status: 422 },
  'lever.not_found': { status: 404 },
  'lever.not_open': { status: 422 },
  'lever.not_entrust': { status: 422 },
  'lever.stop_profit_side': { status: 422 },
  'lever.stop_loss_side': { status: 422 },
  'lever.risk': { status: 422 },
  'lever.house_draw': { status: 422 },
  'lever.terms_invalid': { status: 422 },
  'micro.p_number': { status: 422 },
  'micro.closed_pair': { status: 422 },
  'micro.currency': { status: 422 },
  'micro.seconds': { status: 422 },
  'micro.stake_range': { status: 422 },
  'micro.exposure': { status: 422 },
  'micro.house': { status: 422 },
  'micro.not_found': { status: 404 },
  'micro.settings_invalid': { status: 422 },
  'address.p_address': { status: 422 },
  'address.invalid': { status: 422 },
  'address.exists': { status: 409 },
  'address.not_found': { status: 404 },
  'chain.not_found': { status: 404 },
  'review.done': { status: 409 },
  'review.p_reason': { status: 422 },
  'review.p_tx_ref': { status: 422 },

  // Operator calls.
  'admin.user_not_found': { status: 404 },
  'setting.invalid': { status: 422 },

  // Content.
  'news.not_found': { status: 404 },
  'setting.unknown': { status: 404 },
} as const satisfies Record<string, { status: number; code?: 0 | 999 }>;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

export function errorStatus(key: ErrorKey): number {
  return ERRORS[key].status;
}

export function errorEnvelopeCode(key: ErrorKey): 0 | 999 {
  const entry: { status: number; code?: 0 | 999 } = ERRORS[key];
  return entry.code ?? 0;
}
