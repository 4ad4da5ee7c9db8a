/** Pages a successful login must not return to. */
const AUTH_PAGES = ['/login', '/register', '/forgetPassword'];

/**
 * The `page` query parameter of /login as a same-origin path, or null. Only paths starting with a
 * single '/' are accepted, so `//evil.example`, `/\evil.example` and `https://…` cannot send a
 * freshly signed-in user to another site.
 */
export function safeRedirect(page: string | null | undefined): string | null {
  if (!page) return null;
  const value = page.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (tab, newline) are dropped by URL parsers and could hide a '//'.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://origin.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://origin.invalid') return null;
  if (AUTH_PAGES.some((p) => url.pathname.toLowerCase() === p.toLowerCase())) return null;
  return url.pathname + url.search + url.hash;
}
