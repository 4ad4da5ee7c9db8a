import { CALLS } from '@exchange/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../store/preferences';
import { useSession } from '../store/session';
import { request } from './client';

vi.mock('../ui/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn(), currentPage: () => '/assets' }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().setToken('tok');
  usePreferences.getState().setLang('en');
});
afterEach(() => {
  useSession.getState().clear();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('request with a file', () => {
  it('sends multipart/form-data with the token and lang, leaving the boundary to the browser', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 1, message: '', data: { url: '/api/upload/a.png' } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', {
      type: 'image/png',
    });
    await expect(request(CALLS.imageUpload, { file })).resolves.toEqual({
      url: '/api/upload/a.png',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/common/image_upload');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('tok');
    expect(headers.get('lang')).toBe('en');
    expect(headers.get('Content-Type')).toBeNull();
    const body = init?.body;
    if (!(body instanceof FormData)) throw new Error('not a form');
    const sent = body.get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect(sent instanceof File ? sent.name : '').toBe('shot.png');
  });
});
