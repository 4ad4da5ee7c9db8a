import { CustomerServiceOutlined, MessageOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { useSetting } from '../../../shared/api/settings';
import { useSession } from '../../../shared/store/session';
import { externalUrl } from '../../../shared/ui/external-url';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Header navigation of spec 1 §2, in the documents' order. */
const NAV = [
  { to: '/home', label: 'nav.home' },
  { to: '/trade', label: 'nav.trade' },
  { to: '/lever', label: 'nav.lever' },
  { to: '/second', label: 'nav.micro' },
  { to: '/myshop', label: 'nav.myShop', sellerOnly: true },
  { to: '/deposit', label: 'nav.financial' },
  { to: '/recharge', label: 'nav.recharge', also: ['/rechargeOpen', '/rechargeVND'] },
  { to: '/assets/withdraw', label: 'nav.withdraw', also: ['/withdraw', '/withdrawLog'] },
  { to: '/assets', label: 'nav.assets' },
] as const;

/**
 * The nav entry a path belongs to: the longest matching prefix (/assets/withdraw → withdraw), or
 * an entry's other pages (a deposit's detail → deposit; the VND withdrawal → withdraw).
 */
export function navKeyOf(pathname: string): string | undefined {
  const other = NAV.find((n) => 'also' in n && (n.also as readonly string[]).includes(pathname));
  if (other) return other.to;
  const matches = NAV.filter((n) => pathname === n.to || pathname.startsWith(`${n.to}/`));
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}

/** Menu items: the navigation, then the chat-support and live-chat links when configured. */
export function useNavItems(): MenuItem[] {
  const { t } = useTranslation();
  const isSeller = useSession((s) => s.user?.is_seller ?? s.isSeller);
  const support = externalUrl(useSetting('tele_contact'));
  const liveChat = externalUrl(useSetting('livechat'));

  const items: MenuItem[] = NAV.filter((n) => !('sellerOnly' in n) || isSeller).map((n) => ({
    key: n.to,
    label: (
      <Link to={n.to} data-testid={`nav-${n.to.slice(1).replace('/', '-')}`}>
        {t(n.label)}
      </Link>
    ),
  }));
  if (support) {
    items.push({
      key: 'support',
      icon: <CustomerServiceOutlined />,
      label: (
        <a href={support} target="_blank" rel="noopener noreferrer" data-testid="nav-support">
          {t('nav.support')}
        </a>
      ),
    });
  }
  if (liveChat) {
    items.push({
      key: 'livechat',
      icon: <MessageOutlined />,
      label: (
        <a href={liveChat} target="_blank" rel="noopener noreferrer" data-testid="nav-livechat">
          {t('nav.liveChat')}
        </a>
      ),
    });
  }
  return items;
}
