import { Outlet } from 'react-router';
import { AssetsMenu } from '../components/assets-menu';
import styles from '../../../shared/ui/side-menu-layout.module.css';
import { RequireLogin } from '../components/require-login';

/** /assets/*: signed-in users only; the menu beside (or above, on a phone) the page. */
export function AssetsLayout() {
  return (
    <RequireLogin>
      <div className={styles.layout} data-testid="assets-layout">
        <AssetsMenu />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </RequireLogin>
  );
}
