import { ORDER_LABELS, type Lang, type OrderStatus, type SpotOrder } from '@exchange/contract';
import { units, wireAmount } from '../../core/amounts.js';

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

/** An order as a command answers it: amounts as decimal strings, times in milliseconds. */
export interface OrderData {
  id: number;
  marketId: number;
  side: 1 | 2;
  type: 0 | 1;
  price: string;
  qty: string;
  filledQty: string;
  filledQuote: string;
  fee: string;
  status: OrderStatus;
  clientOrderId: string | null;
  createdAt: number;
  updatedAt: number;
}

export function orderData(o: OrderRecord): OrderData {
  return {
    id: o.id,
    marketId: o.marketId,
    side: o.side,
    type: o.type,
    price: wireAmount(o.price),
    qty: wireAmount(o.qty),
    filledQty: wireAmount(o.filledQty),
    filledQuote: wireAmount(o.filledQuote),
    fee: wireAmount(o.fee),
    status: o.status,
    clientOrderId: o.clientOrderId,
    createdAt: o.createdAt.getTime(),
    updatedAt: o.updatedAt.getTime(),
  };
}

export function orderRecord(d: OrderData): OrderRecord {
  return {
    ...d,
    price: units(d.price),
    qty: units(d.qty),
    filledQty: units(d.filledQty),
    filledQuote: units(d.filledQuote),
    fee: units(d.fee),
    createdAt: new Date(d.createdAt),
    updatedAt: new Date(d.updatedAt),
  };
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
