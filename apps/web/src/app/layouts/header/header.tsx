import { MenuOutlined } from '@ant-design/icons';
import { Button, Menu } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../shared/store/session';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { AccountMenu } from './account-menu';
import { AuthButtons } from './auth-buttons';
import styles from './header.module.css';
import { LangPicker } from './lang-picker';
import { Logo } from './logo';
import { navKeyOf, useNavItems } from './nav-items';
import { ThemeSwitch } from './theme-switch';

// The narrow-window drawer loads when it is first opened.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

/**
 * The header of spec 1 §2. Wide windows show the navigation inline (antd folds what does not fit
 * into a "more" entry); below 768 px it moves into a drawer.
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_QUERY);
  const signedIn = useSession((s) => s.token !== null);
  const navItems = useNavItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const selected = navKeyOf(pathname);
  const selectedKeys = selected ? [selected] : [];

  return (
    <header className={styles.header}>
      <Logo />
      {narrow ? (
        <div className={styles.spacer} />
      ) : (
        <Menu
          mode="horizontal"
          items={navItems}
          selectedKeys={selectedKeys}
          className={styles.menu}
          aria-label={t('nav.label')}
        />
      )}
      <div className={styles.actions}>
        <LangPicker compact={narrow} />
        <ThemeSwitch />
        {narrow ? (
          <>
            {!signedIn && (
              <Button
                type="primary"
                size="small"
                onClick={() => void navigate('/login')}
                data-testid="header-login"
              >
                {t('header.login')}
              </Button>
            )}
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('nav.open')}
              aria-expanded={drawerOpen}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
              data-testid="nav-toggle"
            />
          </>
        ) : signedIn ? (
          <AccountMenu />
        ) : (
          <AuthButtons />
        )}
      </div>
      {narrow && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            selectedKeys={selectedKeys}
          />
        </Suspense>
      )}
    </header>
  );
}
