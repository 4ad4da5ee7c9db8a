import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setNavigate } from '../shared/api/navigation';
import { routes } from './routes/route-table';

export const router = createBrowserRouter(routes);

// The api client navigates from outside React (session expiry → /login).
setNavigate((to, options) => void router.navigate(to, options));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
