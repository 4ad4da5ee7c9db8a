import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';

/** A pair as `market/currency_matches` returns it, for tests. */
export function makeMatch(
  id: number,
  base: string,
  quote: string,
  overrides: Partial<CurrencyMatch> = {},
): CurrencyMatch {
  return {
    id,
    symbol: `${base}/${quote}`,
    base_currency_id: id * 10,
    quote_currency_id: 1,
    base_currency_code: base,
    quote_currency_code: quote,
    base_currency: { logo: `/coins/${base.toLowerCase()}.svg` },
    open_change: 1,
    open_lever: 0,
    open_microtrade: 0,
    lever_point_rate: '0',
    lever_share_num: '0',
    lever_fee_rate: '0',
    added: false,
    price_decimals: 2,
    qty_decimals: 4,
    min_qty: '0.0001',
    maker_fee_rate: '0.001',
    taker_fee_rate: '0.001',
    currency_quotation: {
      currency_match_id: id,
      close: '1.00',
      change: '0.00',
      high: '1.00',
      low: '1.00',
      volume: '0',
    },
    ...overrides,
  };
}

export function makeGroup(id: number, code: string, matches: CurrencyMatch[]): QuoteGroup {
  return { id, code, is_quote: 1, cny_price: '7.1', usd_price: '1', matches };
}
