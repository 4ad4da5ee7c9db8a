import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link, useLocation } from 'react-router';
import { menuHref, menuItemOf, MENU_ITEMS } from '../lib/menu';
import styles from '../../../shared/ui/side-menu-layout.module.css';

/** Entries after which a separator groups the menu: accounts, then actions, then records. */
const GROUP_ENDS = new Set(['financialAccount', 'bindAddr']);

/** The assets area's left menu (spec 2 §2); a sideways-scrolling bar on a phone. */
export function AssetsMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = menuItemOf(pathname);
  const activeRef = useRef<HTMLAnchorElement>(null);

  // On a phone the chosen entry may sit beyond the bar's right edge: bring it into view.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <nav className={styles.menu} aria-label={t('assets.menu.label')} data-testid="assets-menu">
      <div className={styles.menuTitle}>{t('assets.menu.label')}</div>
      {MENU_ITEMS.map((item) => (
        <Fragment key={item}>
          <Link
            to={menuHref(item)}
            ref={item === active ? activeRef : undefined}
            className={item === active ? `${styles.item} ${styles.active}` : styles.item}
            aria-current={item === active ? 'page' : undefined}
            data-testid={`assets-menu-${item}`}
          >
            {t(`assets.menu.${item}`)}
          </Link>
          {GROUP_ENDS.has(item) && <div className={styles.separator} role="presentation" />}
        </Fragment>
      ))}
    </nav>
  );
}
