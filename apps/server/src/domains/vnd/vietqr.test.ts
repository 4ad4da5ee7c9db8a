import { describe, expect, it } from 'vitest';
import { checksumOk, crc16, NAPAS_GUID, readFields, TO_ACCOUNT, vietQrPayload } from './vietqr.js';

describe('VietQR payloads (NAPAS EMVCo)', () => {
  it('computes CRC-16/CCITT-FALSE', () => {
    // The standard check value of the algorithm.
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('carries bank, account, amount and the reference as the message', () => {
    const payload = vietQrPayload({
      bin: '970436',
      account: '0011001234567',
      amountVnd: '2550000',
      message: 'ABCD12345 EFGH1A2B',
    });
    const top = readFields(payload);
    expect(top.get('00')).toBe('01');
    expect(top.get('01')).toBe('12');
    expect(top.get('53')).toBe('704');
    expect(top.get('54')).toBe('2550000');
    expect(top.get('58')).toBe('VN');
    const merchant = readFields(top.get('38') ?? '');
    expect(merchant.get('00')).toBe(NAPAS_GUID);
    expect(merchant.get('02')).toBe(TO_ACCOUNT);
    const beneficiary = readFields(merchant.get('01') ?? '');
    expect(beneficiary.get('00')).toBe('970436');
    expect(beneficiary.get('01')).toBe('0011001234567');
    expect(readFields(top.get('62') ?? '').get('08')).toBe('ABCD12345 EFGH1A2B');
    expect(checksumOk(payload)).toBe(true);
    expect(payload.slice(-8, -4)).toBe('6304');
    // A changed amount no longer matches its checksum.
    expect(checksumOk(payload.replace('2550000', '9550000'))).toBe(false);
  });

  it('makes a static code without an amount, and refuses what a bank app could not read', () => {
    const payload = vietQrPayload({ bin: '970436', account: '123' });
    expect(readFields(payload).get('01')).toBe('11');
    expect(readFields(payload).has('54')).toBe(false);
    expect(() => vietQrPayload({ bin: '97043', account: '1' })).toThrow(RangeError);
    expect(() => vietQrPayload({ bin: '970436', account: '1', amountVnd: '10.5' })).toThrow();
    expect(() => vietQrPayload({ bin: '970436', account: '1', amountVnd: '0' })).toThrow();
  });
});
