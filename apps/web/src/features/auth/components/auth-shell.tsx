import { CheckCircleFilled } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import styles from './auth-shell.module.css';

/** The frame of the sign-in screens: a short pitch beside the form card. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <section className={styles.aside}>
        <h1>{t('auth.aside.title')}</h1>
        <p>{t('auth.aside.text')}</p>
        <ul className={styles.points}>
          {(['matching', 'ledger', 'security'] as const).map((point) => (
            <li key={point}>
              <CheckCircleFilled />
              <span>{t(`auth.aside.${point}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <Card className={styles.card}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
      </Card>
    </div>
  );
}
