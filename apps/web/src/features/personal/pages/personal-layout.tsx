import { Outlet } from 'react-router';
import { PersonalMenu } from '../components/personal-menu';
import styles from '../../../shared/ui/side-menu-layout.module.css';

/** /personal/*: the account area's menu beside (or above, on a phone) the page. */
export function PersonalLayout() {
  return (
    <div className={styles.layout} data-testid="personal-layout">
      <PersonalMenu />
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
