import {
  errorEnvelopeSchema,
  REQUEST_TIMEOUT_MS,
  RESPONSE_CODE,
  type CallDef,
  type CallRequest,
  type CallResponse,
} from '@exchange/contract';
import { translate } from '../i18n/setup';
import { currentLang } from '../store/preferences';
import { useSession } from '../store/session';
import { toastError } from '../ui/toast';
import { ApiError } from './api-error';
import { currentPage, navigateTo } from './navigation';

export { ApiError, isApiError } from './api-error';
export { toastSuccess } from '../ui/toast';

export const API_BASE = '/api/';

export interface RequestOptions {
  /** No error toasts and no redirect to login; the error is still thrown (and a dead token removed). */
  silent?: boolean;
}

type Params = Record<string, unknown>;

function isRecord(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
    search.append(key, text);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A call that carries a file (common/image_upload) goes as multipart/form-data, every other POST
 * as JSON; null when no value is a file.
 */
function formOf(values: Params): FormData | null {
  if (!Object.values(values).some((v) => v instanceof Blob)) return null;
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'string' || typeof value === 'number')
      form.append(key, String(value));
  }
  return form;
}

function headers(hasBody: boolean): Record<string, string> {
  const out: Record<string, string> = { Accept: 'application/json', lang: currentLang() };
  const token = useSession.getState().token;
  if (token) out.Authorization = token;
  if (hasBody) out['Content-Type'] = 'application/json';
  return out;
}

function networkFailure(silent: boolean | undefined, status = 0): ApiError {
  const text = translate('client.network');
  if (!silent) toastError(text, 'client.network');
  return new ApiError('client.network', text, status);
}

/** Code 999 (spec 1 §8): drop a stored session, say so, and send the visitor to login. */
function sessionExpired(message: string, status: number, silent: boolean | undefined): ApiError {
  const hadToken = useSession.getState().token !== null;
  if (hadToken) useSession.getState().clear();
  const page = currentPage();
  if (!silent) {
    if (hadToken) toastError(translate('auth.session_expired'), 'auth.session_expired');
    if (!page.startsWith('/login')) navigateTo(`/login?page=${encodeURIComponent(page)}`);
  }
  return new ApiError('auth.session_expired', message, status, RESPONSE_CODE.sessionExpired);
}

/**
 * The one way the web client calls the API (spec 1 §7–8): `lang` and `Authorization` headers,
 * a 20 s time-out, and the envelope's shared handling. Resolves with the call's `data`.
 */
export async function request<C extends CallDef>(
  call: C,
  params?: CallRequest<C>,
  options: RequestOptions = {},
): Promise<CallResponse<C>> {
  const values: Params = isRecord(params) ? params : {};
  const isGet = call.method === 'GET';
  const url = API_BASE + call.path + (isGet ? queryString(values) : '');
  const form = isGet ? null : formOf(values);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let status = 0;
  let body: unknown;
  try {
    const response = await fetch(url, {
      method: call.method,
      // The browser writes a form's content type itself, with its boundary.
      headers: headers(!isGet && !form),
      body: isGet ? undefined : (form ?? JSON.stringify(values)),
      signal: controller.signal,
    });
    status = response.status;
    body = await response.json();
  } catch {
    // Offline, refused, timed out, or a proxy's non-JSON error page.
    throw networkFailure(options.silent, status);
  } finally {
    clearTimeout(timer);
  }

  if (isRecord(body) && body.code === RESPONSE_CODE.ok) {
    const data = call.response.safeParse(body.data);
    if (data.success) return data.data as CallResponse<C>;
    console.error(`Unexpected data from ${call.path}`, data.error);
    const text = translate('client.bad_response');
    if (!options.silent) toastError(text);
    throw new ApiError('client.bad_response', text, status, RESPONSE_CODE.ok);
  }

  const failure = errorEnvelopeSchema.safeParse(body);
  if (!failure.success) throw networkFailure(options.silent, status);
  const { code, error, message, details } = failure.data;
  if (code === RESPONSE_CODE.sessionExpired) throw sessionExpired(message, status, options.silent);
  const text = message || translate(error);
  if (code === RESPONSE_CODE.fail && !options.silent) toastError(text);
  // Code 996 is an empty result: silent by rule.
  throw new ApiError(error, text, status, code, details ?? []);
}
