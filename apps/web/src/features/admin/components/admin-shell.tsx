import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import styles from './admin-shell.module.css';

const SECTIONS = ['deposits', 'withdrawals', 'lever', 'micro', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

/** The operator area's frame: its title, the section switch, then the section. */
export function AdminShell({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t(`admin.${section}.title`)}</h1>
          <p className={styles.subtitle}>{t(`admin.${section}.subtitle`)}</p>
        </div>
        <Segmented<Section>
          className={styles.nav}
          value={section}
          onChange={(next) => void navigate(`/admin/${next}`)}
          options={SECTIONS.map((key) => ({
            value: key,
            label: <span data-testid={`admin-nav-${key}`}>{t(`admin.nav.${key}`)}</span>,
          }))}
        />
      </header>
      {children}
    </div>
  );
}
