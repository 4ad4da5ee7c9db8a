import type { VndPayOrder } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  isSavedOrderStale,
  parseSavedOrder,
  savedOrderOf,
  serializeSavedOrder,
  type SavedOrder,
} from './saved-order';

const ORDER: VndPayOrder = {
  id: 42,
  status: 0,
  chargeNum: '10',
  rate: '25400',
  amountVND: '254000',
  referenceCode: 'KQZX48213 PLMN7A9C',
  expires_at: 1_800_000_900_000,
  credit_currency_id: 1,
  credit_amount: '10',
  qr_payload: '000201010212…',
  bank_name: 'Demo Commercial Bank',
  bank_num: '0000 1234 5678',
  owner_name: 'EXCHANGE OPERATOR',
  created_at: 1_800_000_000_000,
};
const SAVED: SavedOrder = {
  orderId: 42,
  chargeNum: '10',
  amountVND: '254000',
  referenceCode: 'KQZX48213 PLMN7A9C',
  timestamp: 1_800_000_000_000,
};

describe('the saved VND order', () => {
  it('keeps what names the order', () => {
    expect(savedOrderOf(ORDER)).toEqual(SAVED);
  });

  it('reads back what it wrote', () => {
    expect(parseSavedOrder(serializeSavedOrder(SAVED))).toEqual(SAVED);
    expect(parseSavedOrder(JSON.stringify({ ...SAVED, chargeNum: '10.55' }))?.chargeNum).toBe(
      '10.55',
    );
  });

  it('ignores fields it does not know', () => {
    expect(parseSavedOrder(JSON.stringify({ ...SAVED, extra: 'x' }))).toEqual(SAVED);
  });

  it('discards nothing, broken JSON and other shapes', () => {
    for (const raw of [null, '', '{', 'null', '42', '"x"', '[]', '{}']) {
      expect(parseSavedOrder(raw), String(raw)).toBeNull();
    }
  });

  it('discards an order with a wrong field', () => {
    const broken: Record<string, unknown>[] = [
      { orderId: '42' },
      { orderId: 0 },
      { orderId: -1 },
      { orderId: 4.2 },
      { orderId: Number.MAX_SAFE_INTEGER + 1 },
      { chargeNum: 10 },
      { chargeNum: '0' },
      { chargeNum: '-1' },
      { chargeNum: '1e3' },
      { chargeNum: '' },
      { amountVND: 254000 },
      { amountVND: 'abc' },
      { referenceCode: '' },
      { referenceCode: ' KQZX' },
      { referenceCode: '<script>' },
      { referenceCode: 'X'.repeat(65) },
      { timestamp: '1800000000000' },
      { timestamp: 0 },
      { timestamp: Number.NaN },
      { orderId: undefined },
    ];
    for (const change of broken) {
      expect(
        parseSavedOrder(JSON.stringify({ ...SAVED, ...change })),
        JSON.stringify(change),
      ).toBeNull();
    }
  });

  it('is over once an order could no longer be awaiting payment', () => {
    const made = SAVED.timestamp;
    expect(isSavedOrderStale(SAVED, made + 900_000)).toBe(false);
    // A minute is allowed for the difference of the clocks.
    expect(isSavedOrderStale(SAVED, made + 960_000)).toBe(false);
    expect(isSavedOrderStale(SAVED, made + 960_001)).toBe(true);
  });
});
