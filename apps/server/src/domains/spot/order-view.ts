import { ORDER_LABELS, type Lang, type OrderStatus, type SpotOrder } from '@exchange/contract';
import { wireAmount } from '../../core/amounts.js';

export interface OrderRecord {
  id: number;
  marketId: number;
  side: 1 | 2;
  type: 0 | 1;
  price: bigint;
  qty: bigint;
  filledQty: bigint;
  filledQuote: bigint;
  fee: bigint;
  status: OrderStatus;
  clientOrderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The wire shape of a spot order (spec 2 §3), of the market named `symbol`. */
export function toSpotOrder(o: OrderRecord, symbol: string, lang: Lang): SpotOrder {
  const labels = ORDER_LABELS[lang];
  return {
    id: o.id,
    currency_match_id: o.marketId,
    currency_match: { symbol },
    way: o.side,
    way_name: labels.way[o.side],
    type: o.type,
    price: wireAmount(o.price),
    number: wireAmount(o.qty),
    transacted_amount: wireAmount(o.filledQty),
    transacted_volume: wireAmount(o.filledQuote),
    fee: wireAmount(o.fee),
    status: o.status,
    status_name: labels.status[o.status],
    client_order_id: o.clientOrderId,
    created_at: o.createdAt.getTime(),
    updated_at: o.updatedAt.getTime(),
  };
}
