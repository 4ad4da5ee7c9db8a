import { VND_CURRENCY_ID, type DepositChannel } from '@exchange/contract';
import type { AppContext } from '../../context.js';
import { wireAmount } from '../../core/amounts.js';
import { depositAddressesOf } from '../assets/index.js';
import { readSetting } from '../settings/index.js';
import { rateSetting } from './orders.js';

/** Outside exchanges to buy crypto at (setting `exchange_links`: a JSON list of {name, url}). */
async function exchangeLinks(ctx: AppContext) {
  try {
    const list = JSON.parse((await readSetting(ctx.db, 'exchange_links')) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((l: unknown) => {
      const { name, url } = (l ?? {}) as { name?: unknown; url?: unknown };
      return typeof name === 'string' && typeof url === 'string' && /^https:\/\//.test(url)
        ? [{ name, url }]
        : [];
    });
  } catch {
    return [];
  }
}

/** quickCharge/info: each open currency on each chain with the user's address, then VND. */
export async function depositChannels(ctx: AppContext, userId: number) {
  const channels: DepositChannel[] = await depositAddressesOf(ctx, userId);
  const rate = await rateSetting(ctx.db, 'usd_vnd');
  if (rate !== null) {
    channels.push({
      currency_id: VND_CURRENCY_ID,
      currency_code: 'VND',
      logo: '',
      usd_price: '1',
      currency_protocol_id: null,
      chain: 'VND',
      address: '',
      rate: wireAmount(rate),
    });
  }
  return { channels, links: await exchangeLinks(ctx) };
}
