import type { ErrorKey, PayMethodCode, PayMethodRaw } from '@exchange/contract';

/** Every field of a receiving method as typed; which ones a type uses is `COLLECTION_FIELDS`. */
export interface CollectionForm {
  real_name: string;
  account: string;
  qrcode: string;
  bank_name: string;
  bank_address: string;
  card_no: string;
}

export type CollectionField = keyof CollectionForm;

export const EMPTY_COLLECTION: CollectionForm = {
  real_name: '',
  account: '',
  qrcode: '',
  bank_name: '',
  bank_address: '',
  card_no: '',
};

/** The fields of each type, in the order of the form (pay_method/save keeps only these). */
export const COLLECTION_FIELDS: Record<PayMethodCode, readonly CollectionField[]> = {
  alipay: ['real_name', 'account', 'qrcode'],
  wxpay: ['real_name', 'account', 'qrcode'],
  bank: ['real_name', 'bank_name', 'bank_address', 'card_no'],
};

/** An account number as the server takes it: digits, spaces and dashes, 4 to 40. */
const ACCOUNT_NUMBER = /^[0-9 -]{4,40}$/;

/**
 * A receiving method top to bottom, with the server's keys (pay_method/save): the real name, then
 * for a bank its name, branch and account number (and its form), for Alipay and WeChat the account
 * and the QR code.
 */
export function validateCollection(
  code: PayMethodCode,
  v: CollectionForm,
): { key: ErrorKey; field: CollectionField } | null {
  const value = (k: CollectionField) => v[k].trim();
  if (!value('real_name')) return { key: 'collect.p_name', field: 'real_name' };
  if (code === 'bank') {
    if (!value('bank_name'))
      return { key: 'collect.pleaseenterthenameoftheopeningbank', field: 'bank_name' };
    if (!value('bank_address')) return { key: 'collect.p_branch', field: 'bank_address' };
    if (!value('card_no')) return { key: 'collect.p_card_no', field: 'card_no' };
    if (!ACCOUNT_NUMBER.test(value('card_no')))
      return { key: 'collect.bank_account_format', field: 'card_no' };
    return null;
  }
  if (!value('account'))
    return { key: code === 'alipay' ? 'collect.p_alipay' : 'collect.p_wechat', field: 'account' };
  if (!value('qrcode')) return { key: 'collect.pleaseuploadthecollectioncode', field: 'qrcode' };
  return null;
}

/** The raw_data of pay_method/save: only the type's fields, trimmed. */
export function collectionRawData(
  code: PayMethodCode,
  v: CollectionForm,
): Partial<Record<CollectionField, string>> {
  return Object.fromEntries(COLLECTION_FIELDS[code].map((k) => [k, v[k].trim()]));
}

/** The form filled with a saved method (pay_method/get_method_by_type), or empty. */
export function collectionFormOf(saved: PayMethodRaw | null | undefined): CollectionForm {
  return { ...EMPTY_COLLECTION, ...(saved ?? {}) };
}

/** The method chosen by the address (`?type=bank`), Alipay when it names none of them. */
export function collectionCodeOf(param: string | null): PayMethodCode {
  return param === 'wxpay' || param === 'bank' ? param : 'alipay';
}
