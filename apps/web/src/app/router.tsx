import { createBrowserRouter, type Location, type RouterState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setNavigate } from '../shared/api/navigation';
import { routes, type RouteHandle } from './routes/route-table';

export const router = createBrowserRouter(routes);

// The api client navigates from outside React (session expiry → /login).
setNavigate((to, options) => void router.navigate(to, options));

/**
 * Routes entered start loading their page chunks and first reads at once, all in parallel,
 * instead of one after the other as nested pages render. Routes that stay matched are left alone.
 */
let entered = new Set<string>();
function preloadEntered(matches: RouterState['matches'], location: Location): void {
  for (const { route } of matches) {
    if (!entered.has(route.id)) (route.handle as RouteHandle | undefined)?.preload(location);
  }
  entered = new Set(matches.map((match) => match.route.id));
}
preloadEntered(router.state.matches, router.state.location);
router.subscribe((state) => preloadEntered(state.matches, state.location));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
