import type { ReactNode } from 'react';
import styles from './vnd.module.css';

/** A VND page's heading, its line of explanation and its links (records, the other pages). */
export function VndHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <header className={styles.head}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      <nav className={styles.links} aria-label={title}>
        {children}
      </nav>
    </header>
  );
}
