import type { Lang } from './lang.js';

/** Names of spot order directions and statuses (`way_name`, `status_name`) per language. */
export const ORDER_LABELS: Record<
  Lang,
  { way: Record<1 | 2, string>; status: Record<0 | 1 | 2, string> }
> = {
  en: { way: { 1: 'Buy', 2: 'Sell' }, status: { 0: 'Open', 1: 'Done', 2: 'Cancelled' } },
  vi: { way: { 1: 'Mua', 2: 'Bán' }, status: { 0: 'Đang mở', 1: 'Đã khớp', 2: 'Đã hủy' } },
  zh: { way: { 1: '买入', 2: '卖出' }, status: { 0: '委托中', 1: '已成交', 2: '已撤销' } },
  hk: { way: { 1: '買入', 2: '賣出' }, status: { 0: '委託中', 1: '已成交', 2: '已撤銷' } },
  jp: { way: { 1: '買い', 2: '売り' }, status: { 0: '注文中', 1: '約定済み', 2: '取消済み' } },
  du: { way: { 1: 'Kauf', 2: 'Verkauf' }, status: { 0: 'Offen', 1: 'Ausgeführt', 2: 'Storniert' } },
  fr: { way: { 1: 'Achat', 2: 'Vente' }, status: { 0: 'Ouvert', 1: 'Exécuté', 2: 'Annulé' } },
};

/** Names of lever sides (`type_name`) per language. */
export const LEVER_SIDE_LABELS: Record<Lang, Record<1 | 2, string>> = {
  en: { 1: 'Long', 2: 'Short' },
  vi: { 1: 'Mua lên', 2: 'Bán xuống' },
  zh: { 1: '做多', 2: '做空' },
  hk: { 1: '做多', 2: '做空' },
  jp: { 1: '買い', 2: '売り' },
  du: { 1: 'Long', 2: 'Short' },
  fr: { 1: 'Achat', 2: 'Vente' },
};

/** Names of receiving method types and feedback types (`name` of their lists) per language. */
export const PERSONAL_TYPE_LABELS: Record<
  Lang,
  Record<
    'alipay' | 'wxpay' | 'bank' | 'account' | 'deposit' | 'trading' | 'suggestion' | 'other',
    string
  >
> = {
  en: {
    alipay: 'Alipay',
    wxpay: 'WeChat Pay',
    bank: 'Bank card',
    account: 'Account and security',
    deposit: 'Deposit and withdrawal',
    trading: 'Trading',
    suggestion: 'Suggestion',
    other: 'Other',
  },
  vi: {
    alipay: 'Alipay',
    wxpay: 'WeChat Pay',
    bank: 'Thẻ ngân hàng',
    account: 'Tài khoản và bảo mật',
    deposit: 'Nạp và rút',
    trading: 'Giao dịch',
    suggestion: 'Góp ý',
    other: 'Khác',
  },
  zh: {
    alipay: '支付宝',
    wxpay: '微信支付',
    bank: '银行卡',
    account: '账户与安全',
    deposit: '充值与提现',
    trading: '交易',
    suggestion: '建议',
    other: '其他',
  },
  hk: {
    alipay: '支付寶',
    wxpay: '微信支付',
    bank: '銀行卡',
    account: '賬戶與安全',
    deposit: '充值與提現',
    trading: '交易',
    suggestion: '建議',
    other: '其他',
  },
  jp: {
    alipay: 'Alipay',
    wxpay: 'WeChat Pay',
    bank: '銀行口座',
    account: 'アカウントとセキュリティ',
    deposit: '入金と出金',
    trading: '取引',
    suggestion: 'ご提案',
    other: 'その他',
  },
  du: {
    alipay: 'Alipay',
    wxpay: 'WeChat Pay',
    bank: 'Bankkarte',
    account: 'Konto und Sicherheit',
    deposit: 'Ein- und Auszahlung',
    trading: 'Handel',
    suggestion: 'Vorschlag',
    other: 'Sonstiges',
  },
  fr: {
    alipay: 'Alipay',
    wxpay: 'WeChat Pay',
    bank: 'Carte bancaire',
    account: 'Compte et sécurité',
    deposit: 'Dépôt et retrait',
    trading: 'Trading',
    suggestion: 'Suggestion',
    other: 'Autre',
  },
};
