import {
  AuditOutlined,
  BankOutlined,
  LogoutOutlined,
  MessageOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { isAdmin } from '../../../shared/api/access';
import { useSession } from '../../../shared/store/session';

type MenuItem = NonNullable<MenuProps['items']>[number];

export const LOGOUT_KEY = 'logout';

/**
 * The signed-in menu of spec 1 §2: every page of the account area (account settings, transaction
 * log, receiving methods, identity verification, bank info, feedback), then logout; operators also
 * get the operator pages (an addition).
 */
export function useAccountItems(): MenuItem[] {
  const { t } = useTranslation();
  const admin = useSession((s) => isAdmin(s.user));
  const operator: MenuItem[] = admin
    ? [
        {
          key: '/admin/deposits',
          icon: <AuditOutlined />,
          label: <span data-testid="menu-operator">{t('admin.menu')}</span>,
        },
      ]
    : [];
  return [
    {
      key: '/personal/accountSettings',
      icon: <SettingOutlined />,
      label: <span data-testid="menu-account-settings">{t('header.accountSettings')}</span>,
    },
    {
      key: '/personal/transactionLog',
      icon: <ProfileOutlined />,
      label: <span data-testid="menu-transaction-log">{t('header.transactionLog')}</span>,
    },
    {
      key: '/personal/collectionSettings',
      icon: <WalletOutlined />,
      label: <span data-testid="menu-collection">{t('header.collectionSettings')}</span>,
    },
    {
      key: '/personal/authentication',
      icon: <SafetyCertificateOutlined />,
      label: <span data-testid="menu-authentication">{t('header.authentication')}</span>,
    },
    {
      key: '/personal/setBank',
      icon: <BankOutlined />,
      label: <span data-testid="menu-bank">{t('header.setBank')}</span>,
    },
    {
      key: '/personal/feedback',
      icon: <MessageOutlined />,
      label: <span data-testid="menu-feedback">{t('header.feedback')}</span>,
    },
    ...operator,
    { type: 'divider' },
    {
      key: LOGOUT_KEY,
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="menu-logout">{t('header.logout')}</span>,
    },
  ];
}
