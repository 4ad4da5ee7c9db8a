import { ACCOUNT_TYPES } from '@exchange/contract';
import type { ReactNode } from 'react';
import { redirect, type LoaderFunctionArgs, type Location, type RouteObject } from 'react-router';
import { prefetchEarn } from '../../features/earn/prefetch';
import { prefetchHome } from '../../features/home/prefetch';
import { prefetchTrade } from '../../features/trade/prefetch';
import { queryClient } from '../../shared/api/query-client';
import { currencyMatchesQuery } from '../../shared/market/use-live-markets';
import { pageTexts } from '../../shared/i18n/setup';
import { useSession } from '../../shared/store/session';
import { AppLayout } from '../layouts/app-layout';
import { ContentLayout } from '../layouts/content-layout';
import { lazyPage } from './lazy-page';
import { NotFound } from './not-found';
import { RequireSession } from './require-session';
import { RouteError } from './route-error';

/** A page chunk outside the first visit, with its English texts (shared/i18n/setup.ts). */
function withTexts<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, pageTexts()]).then(([m]) => m);
}

/**
 * Every page is a chunk of its own (the app shell — layout, header, providers — is the entry):
 * the chart library is only in the trade chunk and the operator pages only in the admin chunk.
 */
const home = lazyPage(() => import('./home-route').then((m) => m.HomeRoute));
const markets = lazyPage(() =>
  import('../../features/markets/pages/markets-page').then((m) => m.MarketsPage),
);
const trade = lazyPage(() =>
  import('../../features/trade/pages/trade-page').then((m) => m.TradePage),
);
const lever = lazyPage(() =>
  withTexts(import('../../features/lever/pages/lever-page')).then((m) => m.LeverPage),
);
const second = lazyPage(() =>
  withTexts(import('../../features/micro/pages/micro-page')).then((m) => m.MicroPage),
);
const loadEarn = () => withTexts(import('./earn-pages'));
const earn = lazyPage(() => loadEarn().then((m) => m.EarnPage));
const earnLog = lazyPage(() => loadEarn().then((m) => m.EarnLogPage));
const notice = lazyPage(() =>
  import('../../features/news/pages/notice-page').then((m) => m.NoticePage),
);
const white = lazyPage(() =>
  import('../../features/news/pages/white-page').then((m) => m.WhitePage),
);
const login = lazyPage(() =>
  import('../../features/auth/pages/login-page').then((m) => m.LoginPage),
);
const register = lazyPage(() =>
  import('../../features/auth/pages/register-page').then((m) => m.RegisterPage),
);
const forgetPassword = lazyPage(() =>
  import('../../features/auth/pages/forget-password-page').then((m) => m.ForgetPasswordPage),
);
const tradePassword = lazyPage(() =>
  withTexts(import('../../features/security/pages/trade-password-page')).then(
    (m) => m.TradePasswordPage,
  ),
);
const loadAssets = () => withTexts(import('./assets-pages'));
const assetsLayout = lazyPage(() => loadAssets().then((m) => m.AssetsLayout));
const account = lazyPage(() => loadAssets().then((m) => m.AccountPage));
const bindAddress = lazyPage(() => loadAssets().then((m) => m.BindAddressPage));
const dealRecords = lazyPage(() => loadAssets().then((m) => m.DealRecordsPage));
const transfer = lazyPage(() => loadAssets().then((m) => m.TransferPage));
const transferLog = lazyPage(() => loadAssets().then((m) => m.TransferLogPage));
const withdraw = lazyPage(() => loadAssets().then((m) => m.WithdrawPage));
const withdrawLog = lazyPage(() => loadAssets().then((m) => m.WithdrawLogPage));
const recharge = lazyPage(() => loadAssets().then((m) => m.RechargePage));
const rechargeOpen = lazyPage(() => loadAssets().then((m) => m.RechargeOpenPage));
const loadVnd = () => withTexts(import('./vnd-pages'));
const rechargeVnd = lazyPage(() => loadVnd().then((m) => m.RechargeVndPage));
const vndWithdraw = lazyPage(() => loadVnd().then((m) => m.VndWithdrawPage));
const vndWithdrawLog = lazyPage(() => loadVnd().then((m) => m.VndWithdrawLogPage));
const loadPersonal = () => withTexts(import('./personal-pages'));
const personalLayout = lazyPage(() => loadPersonal().then((m) => m.PersonalLayout));
const accountSettings = lazyPage(() => loadPersonal().then((m) => m.AccountSettingsPage));
const transactionLog = lazyPage(() => loadPersonal().then((m) => m.TransactionLogPage));
const collectionSettings = lazyPage(() => loadPersonal().then((m) => m.CollectionSettingsPage));
const authentication = lazyPage(() => loadPersonal().then((m) => m.AuthenticationPage));
const setBank = lazyPage(() => loadPersonal().then((m) => m.SetBankPage));
const feedback = lazyPage(() => loadPersonal().then((m) => m.FeedbackPage));
const resetPassword = lazyPage(() => loadPersonal().then((m) => m.ResetPasswordPage));
const bindInfo = lazyPage(() => loadPersonal().then((m) => m.BindInfoPage));
const bindAccount = lazyPage(() => loadPersonal().then((m) => m.BindAccountPage));
const freezeAccount = lazyPage(() => loadPersonal().then((m) => m.FreezeAccountPage));
const loadAdmin = () => withTexts(import('./admin-pages'));
const deposits = lazyPage(() => loadAdmin().then((m) => m.DepositsPage));
const withdrawals = lazyPage(() => loadAdmin().then((m) => m.WithdrawalsPage));
const settings = lazyPage(() => loadAdmin().then((m) => m.SettingsPage));
const leverAdmin = lazyPage(() => loadAdmin().then((m) => m.LeverAdminPage));
const microAdmin = lazyPage(() => loadAdmin().then((m) => m.MicroAdminPage));
const identitiesAdmin = lazyPage(() => loadAdmin().then((m) => m.IdentitiesPage));
const feedbackAdmin = lazyPage(() => loadAdmin().then((m) => m.FeedbackAdminPage));
const earnAdmin = lazyPage(() => loadAdmin().then((m) => m.EarnAdminPage));

/** Pages behind the session gate: guests are sent to login, so their code is not fetched for them. */
function signedInOnly(preload: () => void): () => void {
  return () => {
    if (useSession.getState().token !== null) preload();
  };
}

/** What a route does as it is entered, before its page renders (router.tsx calls it). */
export interface RouteHandle {
  /** Starts loading the page's chunk (and its first reads) in parallel. */
  preload: (location: Location) => void;
}

/** A redirect that keeps the query string (`/?x=1` → `/home?x=1`). */
function redirectTo(path: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(path + new URL(request.url).search);
}

/** Screens of later issues answer 404 until they are built; never a placeholder. */
function later(path: string): RouteObject {
  return { path, element: <NotFound />, errorElement: <RouteError /> };
}

function page(path: string, element: ReactNode, preload?: RouteHandle['preload']): RouteObject {
  const handle: RouteHandle | undefined = preload && { preload };
  return { path, element, errorElement: <RouteError />, handle };
}

/** The whole route table of spec 1 §2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: redirectTo('/home') },
      page('home', <home.Page />, () => {
        home.preload();
        prefetchHome(queryClient);
        void queryClient.prefetchQuery(currencyMatchesQuery());
      }),
      page('markets', <markets.Page />, () => {
        markets.preload();
        void queryClient.prefetchQuery(currencyMatchesQuery());
      }),
      page('trade', <trade.Page />, ({ search }) => {
        trade.preload();
        prefetchTrade(queryClient, search);
      }),
      // Signed-in users only: the page sends guests to login (with a prompt saying why).
      page('lever', <lever.Page />, () => {
        if (useSession.getState().token === null) return;
        lever.preload();
        void queryClient.prefetchQuery(currencyMatchesQuery());
      }),
      page('second', <second.Page />, () => {
        if (useSession.getState().token === null) return;
        second.preload();
        void queryClient.prefetchQuery(currencyMatchesQuery());
      }),
      // The earning list: public (subscribing asks guests to log in first).
      page('deposit', <earn.Page />, () => {
        earn.preload();
        prefetchEarn(queryClient);
      }),
      {
        // Signed-in users only, guests are sent to login: the earning log; the deposit channels,
        // a crypto deposit (?channel=<JSON>) and the VND deposit; the VND withdrawal and its
        // records (crypto withdrawals are /assets/withdraw).
        element: <RequireSession need="user" />,
        children: [
          page('coinlog', <earnLog.Page />, signedInOnly(earnLog.preload)),
          page('recharge', <recharge.Page />, signedInOnly(recharge.preload)),
          page('rechargeOpen', <rechargeOpen.Page />, signedInOnly(rechargeOpen.preload)),
          page('rechargeVND', <rechargeVnd.Page />, signedInOnly(rechargeVnd.preload)),
          page('withdraw', <vndWithdraw.Page />, signedInOnly(vndWithdraw.preload)),
          page('withdrawLog', <vndWithdrawLog.Page />, signedInOnly(vndWithdrawLog.preload)),
        ],
      },
      {
        element: <ContentLayout width={80} />,
        children: [
          page('notice', <notice.Page />, notice.preload),
          page('white', <white.Page />, white.preload),
        ],
      },
      {
        element: <ContentLayout width={70} />,
        children: [
          page('login', <login.Page />, login.preload),
          page('register', <register.Page />, register.preload),
          page('forgetPassword', <forgetPassword.Page />, forgetPassword.preload),
          // The link of an address-change notice: no session needed (addition).
          page('freezeAccount', <freezeAccount.Page />, freezeAccount.preload),
          {
            element: <RequireSession need="user" />,
            children: [
              page('tradePassword', <tradePassword.Page />, signedInOnly(tradePassword.preload)),
              // Change the login password (from account settings: ?fromSet=1).
              page('resetPassword', <resetPassword.Page />, signedInOnly(resetPassword.preload)),
              page('bindInfo', <bindInfo.Page />, signedInOnly(bindInfo.preload)),
              // Both spellings appear in the documents; paths are otherwise case-insensitive.
              {
                ...page('bindAccount', <bindAccount.Page />, signedInOnly(bindAccount.preload)),
                caseSensitive: true,
              },
              {
                ...page('BindAccount', <bindAccount.Page />, signedInOnly(bindAccount.preload)),
                caseSensitive: true,
              },
            ],
          },
        ],
      },
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
        element: <assetsLayout.Page />,
        errorElement: <RouteError />,
        handle: { preload: signedInOnly(assetsLayout.preload) } satisfies RouteHandle,
        children: [
          { index: true, loader: redirectTo('/assets/tradeAccount') },
          page('tradeAccount', <account.Page type={ACCOUNT_TYPES.trade} />),
          page('legalAccount', <account.Page type={ACCOUNT_TYPES.legal} />),
          page('leverAccount', <account.Page type={ACCOUNT_TYPES.lever} />),
          page('secondAccount', <account.Page type={ACCOUNT_TYPES.micro} />),
          page('financialAccount', <account.Page type={ACCOUNT_TYPES.financial} />),
          page('bindAddr', <bindAddress.Page />),
          page('dealRecords', <dealRecords.Page />),
          page('transfer', <transfer.Page />),
          page('transferLog', <transferLog.Page />),
          page('withdraw', <withdraw.Page />),
          page('withdrawLog', <withdrawLog.Page />),
        ],
      },
      {
        // Signed-in users only: guests are sent to login.
        path: 'personal',
        element: <RequireSession need="user" />,
        children: [
          // The documents give /personal no screen of its own.
          { index: true, element: <NotFound />, errorElement: <RouteError /> },
          {
            element: <personalLayout.Page />,
            errorElement: <RouteError />,
            handle: { preload: signedInOnly(personalLayout.preload) } satisfies RouteHandle,
            children: [
              page('accountSettings', <accountSettings.Page />),
              page('transactionLog', <transactionLog.Page />),
              page('collectionSettings', <collectionSettings.Page />),
              page('authentication', <authentication.Page />),
              page('setBank', <setBank.Page />),
              page('feedback', <feedback.Page />),
            ],
          },
          later('*'),
        ],
      },
      {
        // Operator pages (an addition): admins only, others see 403, guests go to login.
        path: 'admin',
        element: <RequireSession need="admin" />,
        children: [
          { index: true, loader: redirectTo('/admin/deposits') },
          page('deposits', <deposits.Page />, signedInOnly(deposits.preload)),
          page('withdrawals', <withdrawals.Page />, signedInOnly(withdrawals.preload)),
          page('lever', <leverAdmin.Page />, signedInOnly(leverAdmin.preload)),
          page('micro', <microAdmin.Page />, signedInOnly(microAdmin.preload)),
          page('earn', <earnAdmin.Page />, signedInOnly(earnAdmin.preload)),
          page('identities', <identitiesAdmin.Page />, signedInOnly(identitiesAdmin.preload)),
          page('feedback', <feedbackAdmin.Page />, signedInOnly(feedbackAdmin.preload)),
          page('settings', <settings.Page />, signedInOnly(settings.preload)),
          later('*'),
        ],
      },
      later('*'),
    ],
  },
];
