import { Spin } from 'antd';
import styles from './app-layout.module.css';

/** Shown in the page's place while its chunk loads: as tall as a page, so the footer stays down. */
export function PageFallback() {
  return (
    <div className={styles.pageFallback} data-testid="page-loading">
      <Spin size="large" delay={200} />
    </div>
  );
}
