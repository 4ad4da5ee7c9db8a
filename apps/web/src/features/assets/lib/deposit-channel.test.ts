import type { DepositChannel } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { channelHref, isCryptoChannel, isVndChannel, parseChannelParam } from './deposit-channel';

const USDT_TRC20: DepositChannel = {
  currency_id: 1,
  currency_code: 'USDT',
  logo: '/logo/usdt.png',
  usd_price: '1',
  currency_protocol_id: 3,
  chain: 'TRC20',
  address: 'TXyz',
  rate: null,
};
const VND: DepositChannel = {
  currency_id: 5,
  currency_code: 'VND',
  logo: '',
  usd_price: '1',
  currency_protocol_id: null,
  chain: 'VND',
  address: '',
  rate: '25400',
};

/** What the page reads from its query string. */
function queryOf(href: string): string | null {
  return new URL(href, 'http://x').searchParams.get('channel');
}

describe('deposit channels', () => {
  it('tells the VND transfer from crypto channels', () => {
    expect(isVndChannel(VND)).toBe(true);
    expect(isVndChannel(USDT_TRC20)).toBe(false);
    expect(isCryptoChannel(USDT_TRC20)).toBe(true);
    expect(isCryptoChannel(VND)).toBe(false);
    expect(isCryptoChannel({ ...USDT_TRC20, currency_protocol_id: null })).toBe(false);
  });

  it('leads VND to its page and a crypto channel to the detail with the channel as JSON', () => {
    expect(channelHref(VND)).toBe('/rechargeVND');
    const href = channelHref(USDT_TRC20);
    expect(href.startsWith('/rechargeOpen?channel=')).toBe(true);
    expect(JSON.parse(queryOf(href) ?? '')).toEqual(USDT_TRC20);
  });

  it('reads back the channel it wrote', () => {
    expect(parseChannelParam(queryOf(channelHref(USDT_TRC20)))).toEqual(USDT_TRC20);
  });

  it('refuses what is not a crypto channel', () => {
    for (const raw of [
      null,
      '',
      '{',
      'null',
      '[]',
      '"USDT"',
      '{"currency_id":1}',
      JSON.stringify({ ...USDT_TRC20, usd_price: 1 }),
      JSON.stringify({ ...USDT_TRC20, currency_id: '1' }),
      JSON.stringify(VND),
      JSON.stringify({ ...USDT_TRC20, currency_protocol_id: null }),
      JSON.stringify({ ...USDT_TRC20, logo: 'x'.repeat(5000) }),
    ]) {
      expect(parseChannelParam(raw), String(raw).slice(0, 60)).toBeNull();
    }
  });
});
