import {
  LogoutOutlined,
  MessageOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

type MenuItem = NonNullable<MenuProps['items']>[number];

export const LOGOUT_KEY = 'logout';

/** The signed-in menu of spec 1 §2: account settings, authentication, feedback, logout. */
export function useAccountItems(): MenuItem[] {
  const { t } = useTranslation();
  return [
    {
      key: '/personal/accountSettings',
      icon: <SettingOutlined />,
      label: <span data-testid="menu-account-settings">{t('header.accountSettings')}</span>,
    },
    {
      key: '/personal/authentication',
      icon: <SafetyCertificateOutlined />,
      label: <span data-testid="menu-authentication">{t('header.authentication')}</span>,
    },
    {
      key: '/personal/feedback',
      icon: <MessageOutlined />,
      label: <span data-testid="menu-feedback">{t('header.feedback')}</span>,
    },
    { type: 'divider' },
    {
      key: LOGOUT_KEY,
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="menu-logout">{t('header.logout')}</span>,
    },
  ];
}
