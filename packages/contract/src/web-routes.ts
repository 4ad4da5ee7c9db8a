/**
 * The paths at which the web client shows a screen (or redirects to one), as react-router
 * patterns. The server answers these with index.html and 200, every other page path with
 * index.html and 404: the client then draws its own not-found screen, and crawlers, monitors and
 * caches see the real status. Screens that are still placeholders (the client's not-found page)
 * are left out until they are built; the web test `route-table.test.ts` holds the client's table
 * and this list together.
 */
export const WEB_ROUTES = [
  '/',
  '/home',
  '/markets',
  '/trade',
  '/notice',
  '/white',
  '/login',
  '/register',
  '/forgetPassword',
  // The link of an address-change notice (addition).
  '/freezeAccount',
  '/tradePassword',
  '/resetPassword',
  '/bindInfo',
  '/bindAccount',
  '/BindAccount',
  '/lever',
  '/second',
  // The earning list (the header's "financial" entry) and the earning log.
  '/deposit',
  '/coinlog',
  // Deposit channels, a crypto deposit, the VND deposit; the VND withdrawal and its records.
  '/recharge',
  '/rechargeOpen',
  '/rechargeVND',
  '/withdraw',
  '/withdrawLog',
  '/assets',
  '/assets/tradeAccount',
  '/assets/legalAccount',
  '/assets/leverAccount',
  '/assets/secondAccount',
  '/assets/financialAccount',
  '/assets/bindAddr',
  '/assets/dealRecords',
  '/assets/transfer',
  '/assets/transferLog',
  '/assets/withdraw',
  '/assets/withdrawLog',
  '/personal/accountSettings',
  '/personal/transactionLog',
  '/personal/collectionSettings',
  '/personal/authentication',
  '/personal/setBank',
  '/personal/feedback',
  '/admin',
  '/admin/deposits',
  '/admin/withdrawals',
  '/admin/settings',
  '/admin/lever',
  '/admin/micro',
  '/admin/identities',
  '/admin/feedback',
  '/admin/earn',
] as const;

/**
 * A pattern as react-router compiles it: `:name` is one segment, `:name?` an optional one, a
 * trailing `*` the rest of the path; trailing slashes are ignored; case-insensitive unless asked.
 */
export function compileWebRoute(pattern: string, caseSensitive = false): RegExp {
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_, _name: string, optional?: string) =>
        optional ? '(?:/([^\\/]+))?' : '/([^\\/]+)',
      );
  if (pattern.endsWith('*')) {
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return new RegExp(source, caseSensitive ? '' : 'i');
}

/** Routes matched with their case (both spellings are in the documents, each a route). */
export const CASE_SENSITIVE_ROUTES: ReadonlySet<string> = new Set(['/bindAccount', '/BindAccount']);
const COMPILED = WEB_ROUTES.map((pattern) =>
  compileWebRoute(pattern, CASE_SENSITIVE_ROUTES.has(pattern)),
);

/** Decodes each segment as the client's router does; a malformed escape matches nothing. */
function decodePath(path: string): string | null {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return null;
  }
}

/** Whether the web client shows a screen at this path (query and fragment are ignored). */
export function isWebRoute(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = decodePath(end < 0 ? url : url.slice(0, end));
  if (path === null || !path.startsWith('/')) return false;
  return COMPILED.some((re) => re.test(path));
}
