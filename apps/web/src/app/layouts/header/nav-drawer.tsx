import { Button, Drawer, Menu } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/store/session';
import { LOGOUT_KEY, useAccountItems } from './account-items';
import styles from './header.module.css';
import { useNavItems } from './nav-items';
import { useLogout } from './use-logout';

interface Props {
  open: boolean;
  onClose: () => void;
  selectedKeys: string[];
}

/** The navigation of narrow windows (below 768 px): a drawer from the right. */
export function NavDrawer({ open, onClose, selectedKeys }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.token !== null);
  const navItems = useNavItems();
  const accountItems = useAccountItems();
  const logout = useLogout();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={280}
      title={t('nav.label')}
      styles={{ body: { padding: 0 } }}
    >
      <Menu
        mode="inline"
        items={signedIn ? [...navItems, { type: 'divider' }, ...accountItems] : navItems}
        selectedKeys={selectedKeys}
        className={styles.drawerMenu}
        onClick={({ key }) => {
          onClose();
          if (key === LOGOUT_KEY) void logout();
          else if (key.startsWith('/personal/') || key.startsWith('/admin/')) {
            void navigate(key);
          }
        }}
      />
      {!signedIn && (
        <div className={styles.drawerActions}>
          <Button
            type="primary"
            block
            onClick={() => {
              onClose();
              void navigate('/register');
            }}
            data-testid="header-register"
          >
            {t('header.register')}
          </Button>
        </div>
      )}
    </Drawer>
  );
}
