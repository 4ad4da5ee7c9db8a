import { describe, expect, it } from 'vitest';
import {
  collectionCodeOf,
  collectionFormOf,
  collectionRawData,
  EMPTY_COLLECTION,
  validateCollection,
  type CollectionForm,
} from './collection-form';

const form = (values: Partial<CollectionForm>): CollectionForm => ({
  ...EMPTY_COLLECTION,
  ...values,
});

describe('receiving method validation (pay_method/save order)', () => {
  it('asks Alipay for the name, the account, then the QR code', () => {
    expect(validateCollection('alipay', form({}))).toEqual({
      key: 'collect.p_name',
      field: 'real_name',
    });
    expect(validateCollection('alipay', form({ real_name: 'A' }))).toEqual({
      key: 'collect.p_alipay',
      field: 'account',
    });
    expect(validateCollection('alipay', form({ real_name: 'A', account: 'a@b.c' }))).toEqual({
      key: 'collect.pleaseuploadthecollectioncode',
      field: 'qrcode',
    });
    expect(
      validateCollection('alipay', form({ real_name: 'A', account: 'a@b.c', qrcode: 'q' })),
    ).toBeNull();
  });

  it('asks WeChat for its own account', () => {
    expect(validateCollection('wxpay', form({ real_name: 'A' }))?.key).toBe('collect.p_wechat');
    expect(validateCollection('wxpay', form({ real_name: 'A', account: 'wx' }))?.key).toBe(
      'collect.pleaseuploadthecollectioncode',
    );
  });

  it('asks a bank for the name, bank, branch, then a well-formed account number', () => {
    const steps: [Partial<CollectionForm>, string][] = [
      [{}, 'collect.p_name'],
      [{ real_name: 'A' }, 'collect.pleaseenterthenameoftheopeningbank'],
      [{ real_name: 'A', bank_name: 'B' }, 'collect.p_branch'],
      [{ real_name: 'A', bank_name: 'B', bank_address: 'C' }, 'collect.p_card_no'],
      [
        { real_name: 'A', bank_name: 'B', bank_address: 'C', card_no: 'x12' },
        'collect.bank_account_format',
      ],
    ];
    for (const [values, key] of steps)
      expect(validateCollection('bank', form(values))?.key).toBe(key);
    expect(
      validateCollection(
        'bank',
        form({ real_name: 'A', bank_name: 'B', bank_address: 'C', card_no: '6222 0210-01' }),
      ),
    ).toBeNull();
    // A bank needs no QR code, a wallet no bank.
    expect(
      validateCollection('bank', form({ real_name: 'A', account: 'x', qrcode: 'q' }))?.key,
    ).toBe('collect.pleaseenterthenameoftheopeningbank');
  });

  it('sends only the fields of the type, trimmed', () => {
    const all = form({
      real_name: ' A ',
      account: ' acc ',
      qrcode: '/api/upload/q.png',
      bank_name: 'B',
      bank_address: 'C',
      card_no: '1234',
    });
    expect(collectionRawData('alipay', all)).toEqual({
      real_name: 'A',
      account: 'acc',
      qrcode: '/api/upload/q.png',
    });
    expect(collectionRawData('bank', all)).toEqual({
      real_name: 'A',
      bank_name: 'B',
      bank_address: 'C',
      card_no: '1234',
    });
  });

  it('fills the form from a saved method and picks the method from the address', () => {
    expect(collectionFormOf(null)).toEqual(EMPTY_COLLECTION);
    expect(collectionFormOf({ real_name: 'A', account: 'b', qrcode: 'q' })).toEqual(
      form({ real_name: 'A', account: 'b', qrcode: 'q' }),
    );
    expect(collectionCodeOf('bank')).toBe('bank');
    expect(collectionCodeOf('wxpay')).toBe('wxpay');
    expect(collectionCodeOf(null)).toBe('alipay');
    expect(collectionCodeOf('paypal')).toBe('alipay');
  });
});
