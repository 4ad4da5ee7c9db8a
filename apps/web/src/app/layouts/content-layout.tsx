import { Outlet } from 'react-router';
import styles from './content-layout.module.css';

/**
 * The documents' two nested-view wrappers (spec 1 §2): 70 % wide (sign-in screens) and 80 % wide
 * (content pages). Below 992 px both use the full width.
 */
export function ContentLayout({ width }: { width: 70 | 80 }) {
  const size = width === 70 ? styles.narrow : styles.wide;
  return (
    <div className={`${styles.content} ${size}`} data-layout={width}>
      <Outlet />
    </div>
  );
}
