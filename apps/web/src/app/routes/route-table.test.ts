import { isValidElement } from 'react';
import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireSession } from './require-session';
import { routes } from './route-table';

const handler = createStaticHandler(routes);

async function visit(path: string) {
  const result = await handler.query(new Request(`http://localhost${path}`));
  if (result instanceof Response) {
    return { redirect: result.headers.get('Location'), status: result.status, leaf: null };
  }
  const leaf = result.matches.at(-1)?.route;
  return { redirect: null, status: result.statusCode, leaf, matches: result.matches };
}

/** The session gate a path sits behind: 'user', 'admin', or null for public pages. */
async function gateOf(path: string) {
  const result = await visit(path);
  for (const match of result.matches ?? []) {
    const element = match.route.element;
    if (isValidElement<{ need: string }>(element) && element.type === RequireSession) {
      return element.props.need;
    }
  }
  return null;
}

describe('route table (spec 1 §2)', () => {
  it.each([
    ['/', '/home'],
    ['/?haccount=a', '/home?haccount=a'],
    ['/legalIndex', '/legalIndex/legal'],
    ['/myshop', '/myshop/myshoporders'],
    ['/assets', '/assets/tradeAccount'],
    ['/admin', '/admin/deposits'],
  ])('redirects %s to %s', async (from, to) => {
    const result = await visit(from);
    expect(result.redirect).toBe(to);
    expect(result.status).toBe(302);
  });

  it.each([
    '/home',
    '/markets',
    '/deposit',
    '/recharge',
    '/rechargeOpen',
    '/rechargeVND',
    '/withdraw',
    '/withdrawLog',
    '/trade',
    '/notice',
    '/white',
    '/login',
    '/register',
    '/lever',
    '/second',
    '/resetPassword',
    '/tradePassword',
    '/bindAccount',
    '/BindAccount',
    '/bindInfo',
    '/forgetPassword',
    '/coinlog',
    '/legalIndex/legal',
    '/legalIndex/orders',
    '/legalIndex/orderdetail',
    '/myshop/myshoporders',
    '/myshop/shoporders',
    '/myshop/shoporderdetail',
    '/assets/tradeAccount',
    '/assets/legalAccount',
    '/assets/leverAccount',
    '/assets/secondAccount',
    '/assets/financialAccount',
    '/assets/bindAddr',
    '/assets/dealRecords',
    '/assets/transfer',
    '/assets/transferLog',
    '/assets/withdraw',
    '/assets/withdrawLog',
    '/personal/accountSettings',
    '/personal/transactionLog',
    '/personal/collectionSettings',
    '/personal/authentication',
    '/personal/setBank',
    '/personal/feedback',
    '/admin/deposits',
    '/admin/withdrawals',
    '/admin/settings',
    '/admin/earn',
  ])('has a route for %s', async (path) => {
    const result = await visit(path);
    expect(result.redirect).toBeNull();
    expect(result.leaf?.path).toBe(path.split('/').at(-1));
  });

  it('gives /personal no blank page', async () => {
    const result = await visit('/personal');
    expect(result.leaf?.index).toBe(true);
    expect(result.leaf?.element).toBeTruthy();
  });

  it.each([
    ['/tradePassword', 'user'],
    ['/admin/deposits', 'admin'],
    ['/admin/withdrawals', 'admin'],
    ['/admin/settings', 'admin'],
    ['/admin/nope', 'admin'],
    ['/admin/earn', 'admin'],
    ['/coinlog', 'user'],
    ['/recharge', 'user'],
    ['/rechargeOpen', 'user'],
    ['/rechargeVND', 'user'],
    ['/withdraw', 'user'],
    ['/withdrawLog', 'user'],
    ['/deposit', null],
    ['/trade', null],
    ['/login', null],
  ])('puts %s behind the %s gate', async (path, need) => {
    expect(await gateOf(path)).toBe(need);
  });

  it.each(['/nope', '/assets/nope', '/personal/nope', '/home/x', '/admin/nope'])(
    'answers unknown paths with the catch-all %s',
    async (path) => {
      const result = await visit(path);
      expect(result.leaf?.path).toBe('*');
    },
  );
});
