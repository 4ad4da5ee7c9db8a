import { ACCOUNT_TYPES } from '@exchange/contract';
import type { ReactNode } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { DepositsPage } from '../../features/admin/pages/deposits-page';
import { SettingsPage } from '../../features/admin/pages/settings-page';
import { WithdrawalsPage } from '../../features/admin/pages/withdrawals-page';
import { AccountPage } from '../../features/assets/pages/account-page';
import { AssetsLayout } from '../../features/assets/pages/assets-layout';
import { BindAddressPage } from '../../features/assets/pages/bind-address-page';
import { DealRecordsPage } from '../../features/assets/pages/deal-records-page';
import { TransferLogPage } from '../../features/assets/pages/transfer-log-page';
import { TransferPage } from '../../features/assets/pages/transfer-page';
import { WithdrawLogPage } from '../../features/assets/pages/withdraw-log-page';
import { WithdrawPage } from '../../features/assets/pages/withdraw-page';
import { ForgetPasswordPage } from '../../features/auth/pages/forget-password-page';
import { LoginPage } from '../../features/auth/pages/login-page';
import { RegisterPage } from '../../features/auth/pages/register-page';
import { HomePage } from '../../features/home/pages/home-page';
import { HomeMarkets } from '../../features/markets/components/home-markets';
import { MarketsPage } from '../../features/markets/pages/markets-page';
import { NoticePage } from '../../features/news/pages/notice-page';
import { WhitePage } from '../../features/news/pages/white-page';
import { TradePasswordPage } from '../../features/security/pages/trade-password-page';
import { TradePage } from '../../features/trade/pages/trade-page';
import { AppLayout } from '../layouts/app-layout';
import { ContentLayout } from '../layouts/content-layout';
import { NotFound } from './not-found';
import { RequireSession } from './require-session';
import { RouteError } from './route-error';

/** A redirect that keeps the query string (`/?x=1` → `/home?x=1`). */
function redirectTo(path: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(path + new URL(request.url).search);
}

/** Screens of later issues answer 404 until they are built; never a placeholder. */
function later(path: string): RouteObject {
  return { path, element: <NotFound />, errorElement: <RouteError /> };
}

function page(path: string, element: ReactNode): RouteObject {
  return { path, element, errorElement: <RouteError /> };
}

/** The whole route table of spec 1 §2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: redirectTo('/home') },
      page('home', <HomePage markets={<HomeMarkets />} />),
      page('markets', <MarketsPage />),
      page('trade', <TradePage />),
      {
        element: <ContentLayout width={80} />,
        children: [page('notice', <NoticePage />), page('white', <WhitePage />)],
      },
      {
        element: <ContentLayout width={70} />,
        children: [
          page('login', <LoginPage />),
          page('register', <RegisterPage />),
          page('forgetPassword', <ForgetPasswordPage />),
          {
            element: <RequireSession need="user" />,
            children: [page('tradePassword', <TradePasswordPage />)],
          },
        ],
      },
      ...[
        'deposit',
        'recharge',
        'rechargeOpen',
        'rechargeVND',
        'lever',
        'second',
        'resetPassword',
        'coinlog',
        'bindInfo',
      ].map(later),
      // Both spellings appear in the documents; paths are otherwise case-insensitive.
      { ...later('bindAccount'), caseSensitive: true },
      { ...later('BindAccount'), caseSensitive: true },
      {
        path: 'legalIndex',
        children: [
          { index: true, loader: redirectTo('/legalIndex/legal') },
          ...['legal', 'orders', 'orderdetail'].map(later),
        ],
      },
      {
        path: 'myshop',
        children: [
          { index: true, loader: redirectTo('/myshop/myshoporders') },
          ...['myshoporders', 'shoporders', 'shoporderdetail'].map(later),
        ],
      },
      {
        // Signed-in users only (spec 2 §6): the layout sends guests to login.
        path: 'assets',
        element: <AssetsLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, loader: redirectTo('/assets/tradeAccount') },
          page('tradeAccount', <AccountPage type={ACCOUNT_TYPES.trade} />),
          page('legalAccount', <AccountPage type={ACCOUNT_TYPES.legal} />),
          page('leverAccount', <AccountPage type={ACCOUNT_TYPES.lever} />),
          page('secondAccount', <AccountPage type={ACCOUNT_TYPES.micro} />),
          page('financialAccount', <AccountPage type={ACCOUNT_TYPES.financial} />),
          page('bindAddr', <BindAddressPage />),
          page('dealRecords', <DealRecordsPage />),
          page('transfer', <TransferPage />),
          page('transferLog', <TransferLogPage />),
          page('withdraw', <WithdrawPage />),
          page('withdrawLog', <WithdrawLogPage />),
        ],
      },
      {
        path: 'personal',
        children: [
          // The documents give /personal no screen of its own.
          { index: true, element: <NotFound />, errorElement: <RouteError /> },
          ...[
            'accountSettings',
            'transactionLog',
            'collectionSettings',
            'authentication',
            'setBank',
            'feedback',
          ].map(later),
          later('*'),
        ],
      },
      {
        // Operator pages (an addition): admins only, others see 403, guests go to login.
        path: 'admin',
        element: <RequireSession need="admin" />,
        children: [
          { index: true, loader: redirectTo('/admin/deposits') },
          page('deposits', <DepositsPage />),
          page('withdrawals', <WithdrawalsPage />),
          page('settings', <SettingsPage />),
          later('*'),
        ],
      },
      later('*'),
    ],
  },
];
