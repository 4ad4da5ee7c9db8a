import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../features/news/components/footer';
import { useSessionUserSync } from '../../shared/api/session-user';
import styles from './app-layout.module.css';
import { Header } from './header/header';

/** Header, the page, footer (spec 1 §2). */
export function AppLayout() {
  useSessionUserSync();
  return (
    <div className={styles.app}>
      <Header />
      <main className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
