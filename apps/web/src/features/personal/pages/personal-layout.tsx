import { Outlet } from 'react-router';

/** The /personal area's layout (being built). */
export function PersonalLayout() {
  return <Outlet />;
}
