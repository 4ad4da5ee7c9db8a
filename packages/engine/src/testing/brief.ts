import type { BookEvent } from '../types.js';

/**
 * One short line per event so scenario expectations read like a tape:
 * 'trade 1<-3 2@101 m0 t1' is maker 1 hit by taker 3 for 2 lots at 101, maker left with 0 and
 * taker with 1.
 */
export function brief(events: readonly BookEvent[]): string[] {
  return events.map((e) => {
    switch (e.type) {
      case 'accepted':
      case 'filled':
        return `${e.type} ${e.orderId}`;
      case 'trade':
        return `trade ${e.makerOrderId}<-${e.takerOrderId} ${e.qty}@${e.price} m${e.makerRemaining} t${e.takerRemaining}`;
      case 'rested':
        return `rested ${e.orderId} ${e.remaining}@${e.price}`;
      case 'cancelled':
        return `cancelled ${e.orderId} ${e.reason} ${e.remaining}@${e.price}`;
      case 'rejected':
        return `rejected ${e.orderId} ${e.reason}`;
    }
  });
}
