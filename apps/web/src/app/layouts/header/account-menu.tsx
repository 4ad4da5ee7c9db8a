import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/store/session';
import { LOGOUT_KEY, useAccountItems } from './account-items';
import styles from './header.module.css';
import { useLogout } from './use-logout';

/** The signed-in account dropdown. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useSession((s) => s.account);
  const items = useAccountItems();
  const logout = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === LOGOUT_KEY) void logout();
          else void navigate(key);
        },
      }}
    >
      <Button type="text" data-testid="account-menu" aria-label={t('header.account')}>
        <UserOutlined />
        <span className={styles.account}>{account ?? t('header.account')}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
