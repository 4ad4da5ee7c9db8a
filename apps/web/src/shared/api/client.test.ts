import { CALLS, REQUEST_TIMEOUT_MS } from '@exchange/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../store/preferences';
import { useSession } from '../store/session';
import { toastError } from '../ui/toast';
import { ApiError, request } from './client';
import { navigateTo } from './navigation';

vi.mock('../ui/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn(), currentPage: () => '/trade?id=2' }));

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  const body = init?.body;
  return {
    url: typeof url === 'string' ? url : '',
    init: init ?? {},
    body: typeof body === 'string' ? body : '',
    headers: new Headers(init?.headers),
  };
}

const user = {
  id: 7,
  email: 'a@b.co',
  mobile: null,
  country_code: null,
  area_id: null,
  is_seller: false,
  invite_code: 'X',
  review_status: 0,
  security_level: 75,
  role: 'user',
  created_at: 1,
} as const;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().clear();
  usePreferences.getState().setLang('en');
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.useRealTimers();
  fetchMock.mockReset();
});

describe('request', () => {
  it('sends GET params as a query string with the lang header and returns data', async () => {
    usePreferences.getState().setLang('jp');
    answer({
      code: 1,
      message: '',
      data: { total: 0, per_page: 15, current_page: 1, last_page: 1, data: [] },
    });
    const page = await request(CALLS.newsList, { category_id: 22, limit: 5 });
    expect(page.total).toBe(0);
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/news/list?category_id=22&limit=5');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('lang')).toBe('jp');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('sends POST params as JSON with the stored token', async () => {
    useSession.getState().setToken('tok');
    answer({ code: 1, message: '', data: 'new-token' });
    await expect(
      request(CALLS.login, { login_type: 'email', account: 'a@b.co', password: 'abc123' }),
    ).resolves.toBe('new-token');
    const { url, init, body, headers } = lastCall();
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(body)).toEqual({
      login_type: 'email',
      account: 'a@b.co',
      password: 'abc123',
    });
    expect(headers.get('Authorization')).toBe('tok');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('code 0: toasts the server message and throws its error key', async () => {
    answer(
      { code: 0, message: 'Incorrect account or password', error: 'auth.login_failed', data: null },
      401,
    );
    const error = await request(CALLS.login, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ key: 'auth.login_failed', status: 401, code: 0 });
    expect(toastError).toHaveBeenCalledWith('Incorrect account or password');
  });

  it('code 0 with silent: no toast', async () => {
    answer({ code: 0, message: 'Not found', error: 'news.not_found', data: null }, 404);
    await expect(request(CALLS.newsInfo, { id: 1 }, { silent: true })).rejects.toMatchObject({
      key: 'news.not_found',
    });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('code 999 with a token: drops the session, says so, and goes to login with the page', async () => {
    useSession.getState().setToken('old');
    useSession.getState().setUser(user);
    answer({ code: 999, message: 'x', error: 'auth.session_expired', data: null }, 401);
    await expect(request(CALLS.info)).rejects.toMatchObject({ key: 'auth.session_expired' });
    expect(useSession.getState()).toMatchObject({ token: null, user: null, uid: null });
    expect(toastError).toHaveBeenCalledWith(
      'Login timed out, please log in again',
      'auth.session_expired',
    );
    expect(navigateTo).toHaveBeenCalledWith('/login?page=%2Ftrade%3Fid%3D2');
  });

  it('code 999 without a token: only the redirect', async () => {
    answer({ code: 999, message: 'x', error: 'auth.session_expired', data: null }, 401);
    await expect(request(CALLS.info)).rejects.toBeInstanceOf(ApiError);
    expect(toastError).not.toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledTimes(1);
  });

  it('code 996: silent', async () => {
    answer({ code: 996, message: '', error: 'common.not_found', data: null });
    await expect(request(CALLS.areaList)).rejects.toMatchObject({ code: 996 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('network failure and non-JSON answers: the network message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request(CALLS.areaList)).rejects.toMatchObject({ key: 'client.network' });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request(CALLS.areaList)).rejects.toMatchObject({
      key: 'client.network',
      status: 502,
    });
    expect(toastError).toHaveBeenCalledWith(
      'There seems to be a problem with the network, please try refreshing',
      'client.network',
    );
  });

  it('times out after 20 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = request(CALLS.areaList).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toastError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ key: 'client.network' });
  });

  it('rejects data that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ code: 1, message: '', data: [{ id: 'x' }] });
    await expect(request(CALLS.areaList)).rejects.toMatchObject({ key: 'client.bad_response' });
  });
});
