import { describe, expect, it } from 'vitest';
import { CASE_SENSITIVE_ROUTES, compileWebRoute, isWebRoute, WEB_ROUTES } from './web-routes.js';

describe('isWebRoute', () => {
  it('knows both spellings of the bind page, and only those two', () => {
    expect(isWebRoute('/bindAccount')).toBe(true);
    expect(isWebRoute('/BindAccount')).toBe(true);
    expect(isWebRoute('/BINDACCOUNT')).toBe(false);
    expect(isWebRoute('/bindaccount')).toBe(false);
  });

  it('knows every listed path, in any case and with trailing slashes', () => {
    for (const path of WEB_ROUTES) {
      expect(isWebRoute(path), path).toBe(true);
      if (!CASE_SENSITIVE_ROUTES.has(path)) expect(isWebRoute(path.toUpperCase()), path).toBe(true);
      expect(isWebRoute(`${path}/`.replace('//', '/')), path).toBe(true);
    }
    expect(isWebRoute('/HOME?x=1#y')).toBe(true);
    expect(isWebRoute('/%68ome')).toBe(true);
  });

  it('refuses everything else', () => {
    for (const path of [
      '/nope',
      '/home/x',
      '/assets/nope',
      '/hom',
      '/homex',
      '/coinlog/x',
      '/personal',
      '/api/health',
      'home',
      '',
      '/%E0%A4%A',
      '/home%2Fx',
    ]) {
      expect(isWebRoute(path), path).toBe(false);
    }
  });
});

describe('compileWebRoute', () => {
  it('matches :param segments, optional ones and a trailing *', () => {
    const order = compileWebRoute('/orders/:id');
    expect(order.test('/orders/42')).toBe(true);
    expect(order.test('/ORDERS/42/')).toBe(true);
    expect(order.test('/orders')).toBe(false);
    expect(order.test('/orders/42/x')).toBe(false);
    const optional = compileWebRoute('/trade/:symbol?');
    expect(optional.test('/trade')).toBe(true);
    expect(optional.test('/trade/BTC')).toBe(true);
    expect(optional.test('/trade/BTC/x')).toBe(false);
    const rest = compileWebRoute('/docs/*');
    expect(rest.test('/docs')).toBe(true);
    expect(rest.test('/docs/a/b')).toBe(true);
    expect(rest.test('/docsx')).toBe(false);
  });

  it('is case-sensitive only when asked', () => {
    expect(compileWebRoute('/bindAccount', true).test('/bindaccount')).toBe(false);
    expect(compileWebRoute('/bindAccount', true).test('/bindAccount')).toBe(true);
    expect(compileWebRoute('/bindAccount').test('/BINDACCOUNT')).toBe(true);
  });
});
