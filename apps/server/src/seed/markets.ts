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

/** Networks of the first start (ids fixed: clients and tests name them). */
export const CHAINS = [
  { id: 1, code: 'ERC20', name: 'Ethereum', family: 'eth' },
  { id: 2, code: 'TRC20', name: 'TRON', family: 'tron' },
  { id: 3, code: 'BTC', name: 'Bitcoin', family: 'btc' },
] as const;

/** Currency protocols: a currency on a chain, with its token contract ('' for the chain's coin). */
export const CURRENCY_PROTOCOLS = [
  { id: 1, currency: 'USDT', chain: 1, token: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  { id: 2, currency: 'USDT', chain: 2, token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  { id: 3, currency: 'BTC', chain: 3, token: '' },
  { id: 4, currency: 'ETH', chain: 1, token: '' },
  { id: 5, currency: 'TRX', chain: 2, token: '' },
];

/**
 * Deposit and withdrawal settings per currency: fee rate, bounds, and the account types it may be
 * held in (1 trade, 2 legal, 3 lever, 4 micro, 5 financial). Currencies without a chain here stay
 * closed for deposits and withdrawals.
 */
export const ASSET_CONFIG: Record<
  string,
  { rate: string; min: string; max: string; types: number[]; open: boolean }
> = {
  USDT: { rate: '0.001', min: '10', max: '100000', types: [1, 2, 3, 4, 5], open: true },
  BTC: { rate: '0.0005', min: '0.001', max: '10', types: [1, 3, 4], open: true },
  ETH: { rate: '0.001', min: '0.01', max: '200', types: [1, 3, 4], open: true },
  TRX: { rate: '0.001', min: '100', max: '1000000', types: [1, 4], open: true },
  VND: { rate: '0', min: '0', max: '0', types: [1, 2], open: false },
};
