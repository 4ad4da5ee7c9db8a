import { VND_ORDER_TTL_S, type VndPayOrder } from '@exchange/contract';
import { isPositiveDecimal } from '../../../shared/format/number';

/**
 * The VND order in progress, kept in local storage (spec 3 §2) so that a reload returns to its
 * transfer step: only what names it. The order itself (bank account, QR, time left) is read
 * again from wallet/infoPayOrder, which also says whether it still awaits payment.
 */
export interface SavedOrder {
  orderId: number;
  chargeNum: string;
  amountVND: string;
  referenceCode: string;
  /** When the order was made (epoch ms). */
  timestamp: number;
}

const DECIMAL_RE = /^\d{1,20}(\.\d{1,18})?$/;
/** The server's codes are letters and digits in groups (`KQZX48213 PLMN7A9C`). */
const REFERENCE_RE = /^[0-9A-Za-z](?:[0-9A-Za-z -]{0,62}[0-9A-Za-z])?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is stored for an order just made. */
export function savedOrderOf(order: VndPayOrder): SavedOrder {
  return {
    orderId: order.id,
    chargeNum: order.chargeNum,
    amountVND: order.amountVND,
    referenceCode: order.referenceCode,
    timestamp: order.created_at,
  };
}

export function serializeSavedOrder(saved: SavedOrder): string {
  return JSON.stringify(saved);
}

/**
 * The stored order, or null when there is none or it is not one (another version's data, a hand
 * edit, a cut write): anything unexpected is discarded rather than sent to the server.
 */
export function parseSavedOrder(raw: string | null): SavedOrder | null {
  if (raw === null || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { orderId, chargeNum, amountVND, referenceCode, timestamp } = value;
  if (typeof orderId !== 'number' || !Number.isSafeInteger(orderId) || orderId <= 0) return null;
  if (typeof chargeNum !== 'string' || !DECIMAL_RE.test(chargeNum) || !isPositiveDecimal(chargeNum))
    return null;
  if (typeof amountVND !== 'string' || !DECIMAL_RE.test(amountVND)) return null;
  if (typeof referenceCode !== 'string' || !REFERENCE_RE.test(referenceCode)) return null;
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp <= 0)
    return null;
  return { orderId, chargeNum, amountVND, referenceCode, timestamp };
}

/**
 * Whether a stored order is certainly over: made longer ago than an order lives (with a minute
 * for the clocks' difference), so there is nothing to ask the server about.
 */
export function isSavedOrderStale(saved: SavedOrder, now: number): boolean {
  return now - saved.timestamp > (VND_ORDER_TTL_S + 60) * 1000;
}
