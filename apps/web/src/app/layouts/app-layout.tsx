import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../features/news/components/footer';
import { useSessionUserSync } from '../../shared/api/session-user';
import styles from './app-layout.module.css';
import { Header } from './header/header';
import { PageFallback } from './page-fallback';

/** Header, the page, footer (spec 1 §2). */
export function AppLayout() {
  useSessionUserSync();
  return (
    <div className={styles.app}>
      <Header />
      <main className={styles.main}>
        {/* Pages are lazy chunks: the header and footer show while the page loads. */}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
