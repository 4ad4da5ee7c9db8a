import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import styles from './admin-shell.module.css';

const SECTIONS = [
  'deposits',
  'withdrawals',
  'identities',
  'feedback',
  'lever',
  'micro',
  'earn',
  'settings',
] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Where a section's title and subtitle are (`admin.<texts>.title`): its path's name, except the
 * identity queue (`admin.kyc`) and the feedback inbox (`admin.inbox`), whose texts may not sit
 * under the names the contract's error messages use.
 */
const TEXTS: Partial<Record<Section, string>> = { identities: 'kyc', feedback: 'inbox' };

/** The operator area's frame: its title, the section switch, then the section. */
export function AdminShell({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const texts = TEXTS[section] ?? section;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t(`admin.${texts}.title`)}</h1>
          <p className={styles.subtitle}>{t(`admin.${texts}.subtitle`)}</p>
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
