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

/** The wire shape of a spot order (spec 2 §3), of the market named `symbol`. */
export function toSpotOrder(o: OrderRecord, symbol: string, lang: Lang): SpotOrder {
  return spotOrderOf(orderData(o), symbol, lang);
}

/** The wire shape of an order a command answered: its amounts are already the wire's strings. */
export function spotOrderOf(o: OrderData, symbol: string, lang: Lang): SpotOrder {
  const labels = ORDER_LABELS[lang];
  return {
    id: o.id,
    currency_match_id: o.marketId,
    currency_match: { symbol },
    way: o.side,
    way_name: labels.way[o.side],
    type: o.type,
    price: o.price,
    number: o.qty,
    transacted_amount: o.filledQty,
    transacted_volume: o.filledQuote,
    fee: o.fee,
    status: o.status,
    status_name: labels.status[o.status],
    client_order_id: o.clientOrderId,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}
