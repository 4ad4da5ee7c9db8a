/**
 * Currencies and spot markets created on first start. Ids are fixed where the documents name them
 * (VND is currency 5, spec 3 §9). `reference` is the demo market maker's starting price.
 */
export const CURRENCIES = [
  { id: 1, code: 'USDT', name: 'Tether USD', decimals: 2, isQuote: true, usd: '1', cny: '7.1' },
  { id: 2, code: 'BTC', name: 'Bitcoin', decimals: 6, isQuote: true, usd: '65000', cny: '461500' },
  { id: 3, code: 'ETH', name: 'Ethereum', decimals: 5, isQuote: false, usd: '3200', cny: '22720' },
  { id: 4, code: 'TRX', name: 'TRON', decimals: 2, isQuote: false, usd: '0.12', cny: '0.85' },
  {
    id: 5,
    code: 'VND',
    name: 'Vietnamese dong',
    decimals: 0,
    isQuote: false,
    usd: '0.0000394',
    cny: '0.00028',
  },
  { id: 6, code: 'BNB', name: 'BNB', decimals: 4, isQuote: false, usd: '580', cny: '4118' },
  { id: 7, code: 'SOL', name: 'Solana', decimals: 3, isQuote: false, usd: '150', cny: '1065' },
  { id: 8, code: 'XRP', name: 'XRP', decimals: 2, isQuote: false, usd: '0.52', cny: '3.69' },
  { id: 9, code: 'DOGE', name: 'Dogecoin', decimals: 1, isQuote: false, usd: '0.12', cny: '0.85' },
  { id: 10, code: 'LTC', name: 'Litecoin', decimals: 4, isQuote: false, usd: '80', cny: '568' },
];

export interface SeedMarket {
  base: string;
  quote: string;
  priceDecimals: number;
  qtyDecimals: number;
  minQty: string;
  reference: string;
}

export const MARKETS: SeedMarket[] = [
  {
    base: 'BTC',
    quote: 'USDT',
    priceDecimals: 2,
    qtyDecimals: 6,
    minQty: '0.00001',
    reference: '65000',
  },
  {
    base: 'ETH',
    quote: 'USDT',
    priceDecimals: 2,
    qtyDecimals: 5,
    minQty: '0.0001',
    reference: '3200',
  },
  {
    base: 'BNB',
    quote: 'USDT',
    priceDecimals: 2,
    qtyDecimals: 4,
    minQty: '0.001',
    reference: '580',
  },
  {
    base: 'SOL',
    quote: 'USDT',
    priceDecimals: 3,
    qtyDecimals: 3,
    minQty: '0.01',
    reference: '150',
  },
  { base: 'XRP', quote: 'USDT', priceDecimals: 4, qtyDecimals: 1, minQty: '1', reference: '0.52' },
  {
    base: 'DOGE',
    quote: 'USDT',
    priceDecimals: 4,
    qtyDecimals: 0,
    minQty: '10',
    reference: '0.12',
  },
  {
    base: 'LTC',
    quote: 'USDT',
    priceDecimals: 2,
    qtyDecimals: 4,
    minQty: '0.001',
    reference: '80',
  },
  { base: 'TRX', quote: 'USDT', priceDecimals: 4, qtyDecimals: 1, minQty: '10', reference: '0.12' },
  {
    base: 'ETH',
    quote: 'BTC',
    priceDecimals: 4,
    qtyDecimals: 4,
    minQty: '0.001',
    reference: '0.0492',
  },
];
