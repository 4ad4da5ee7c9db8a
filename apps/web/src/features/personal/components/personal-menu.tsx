import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { PERSONAL_MENU, personalHref, personalMenuItemOf } from '../lib/menu';
import styles from '../../../shared/ui/side-menu-layout.module.css';

/** The account area's left menu; a sideways-scrolling bar on a phone. */
export function PersonalMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = personalMenuItemOf(pathname);
  const activeRef = useRef<HTMLAnchorElement>(null);

  // On a phone the chosen entry may sit beyond the bar's right edge: bring it into view.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <nav className={styles.menu} aria-label={t('personal.menu.label')} data-testid="personal-menu">
      <div className={styles.menuTitle}>{t('personal.menu.label')}</div>
      {PERSONAL_MENU.map((item) => (
        <Link
          key={item}
          to={personalHref(item)}
          ref={item === active ? activeRef : undefined}
          className={item === active ? `${styles.item} ${styles.active}` : styles.item}
          aria-current={item === active ? 'page' : undefined}
          data-testid={`personal-menu-${item}`}
        >
          {t(`personal.menu.${item}`)}
        </Link>
      ))}
    </nav>
  );
}
