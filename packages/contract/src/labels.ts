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
