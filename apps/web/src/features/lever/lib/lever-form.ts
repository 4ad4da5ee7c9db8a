import { CHART_TIMEZONE, leverMaths } from '@exchange/contract';

/** The local-storage key of the last lever pair, holding its market id (apart from spot's). */
export const LEVER_PAIR_KEY = 'lever_pair';

/** The history tabs of the screen, as lever/my_trade `status` filters, in the screen's order. */
export const LEVER_TABS = [5, 1, 0, 3, 6] as const;
export type LeverTab = (typeof LEVER_TABS)[number];

export const LEVER_PAGE_SIZE = 10;

/** The terms of a pair the preview needs (lever/deal's `currency_match`). */
export interface LeverTerms {
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
  price_decimals: number;
  qty_decimals: number;
  quote_decimals: number;
}

export interface LeverPreview {
  entry: string;
  number: string;
  margin: string;
  fee: string;
}

/**
 * What the confirmation shows, by the rules the server applies (contract `leverMaths`): the entry
 * price is the mark (market) or the typed price (limit) moved by the spread against the trader.
 */
export function leverPreview(
  terms: LeverTerms,
  side: 1 | 2,
  origin: string,
  share: number,
  multiple: number,
): LeverPreview {
  const entry = leverMaths.entryPrice(side, origin, terms.lever_point_rate, terms.price_decimals);
  const number = leverMaths.positionNumber(share, terms.lever_share_num, terms.qty_decimals);
  const margin = leverMaths.marginOf(entry, number, multiple, terms.quote_decimals);
  const fee = leverMaths.tradeFee(margin, terms.lever_fee_rate, terms.quote_decimals);
  return { entry, number, margin, fee };
}

export interface LeverFormValues {
  /** 1 market, 0 limit. */
  status: 0 | 1;
  price: string;
  multiple: number | null;
  share: string;
  password: string;
}

/** The first thing missing in the form, as the i18n key of its prompt; null when complete. */
export function formProblem(values: LeverFormValues, minShare: number, maxShare: number) {
  if (values.status === 0 && !/^\d+(\.\d+)?$/.test(values.price.trim())) return 'lever.p_price';
  if (values.status === 0 && Number(values.price) <= 0) return 'lever.p_price';
  if (values.multiple === null) return 'lever.p_multiple';
  const share = values.share.trim();
  if (!/^\d+$/.test(share)) return 'lever.p_share';
  const hands = Number(share);
  if (hands < Math.max(1, minShare) || (maxShare > 0 && hands > maxShare)) return 'share_range';
  if (values.password === '') return 'lever.p_password';
  return null;
}

/** A stop input: empty (clears it) or a decimal ≥ 0. */
export function isStopInput(value: string): boolean {
  const v = value.trim();
  return v === '' || /^\d+(\.\d+)?$/.test(v);
}

/** Hazard rate level: `safe` above 100 %, `reduce` at or below it, `danger` near the stop-out. */
export function hazardLevel(rate: string | null, stopOut: string): 'safe' | 'reduce' | 'danger' {
  if (rate === null) return 'safe';
  const r = Number(rate);
  if (r <= Number(stopOut) * 1.2) return 'danger';
  if (r <= 100) return 'reduce';
  return 'safe';
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHART_TIMEZONE,
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `05-01 14:03:09` in the chart's zone (UTC+7), as the spot lists show times. */
export function leverTime(ms: number): string {
  const p: Record<string, string> = {};
  for (const part of timeFormat.formatToParts(ms)) p[part.type] = part.value;
  return `${p.month ?? ''}-${p.day ?? ''} ${p.hour ?? ''}:${p.minute ?? ''}:${p.second ?? ''}`;
}
