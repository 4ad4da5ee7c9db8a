export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

/** Until the router registers itself, navigation falls back to a full page load. */
let navigateImpl: NavigateFn = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};

/** Called once by the router so that code outside React (api client) can navigate. */
export function setNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

/** The current path and query, for the `page` parameter of a redirect to login. */
export function currentPage(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search;
}
