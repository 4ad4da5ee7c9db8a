import { CALLS, ORDER_TYPE } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { wireDecimal } from '../../../shared/format/number';
import type { OrderMode, Side } from '../lib/order-math';
import { reloadBalances } from './balance';

export interface PlaceOrderInput {
  side: Side;
  mode: OrderMode;
  pairId: number;
  price: string;
  quantity: string;
}

/** tx_in/add or tx_out/add (spec 1 §7); on success the balances are reloaded (spec 1 §4). */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) =>
      request(input.side === 'buy' ? CALLS.buy : CALLS.sell, {
        currency_match_id: input.pairId,
        number: wireDecimal(input.quantity),
        price: wireDecimal(input.price),
        type: ORDER_TYPE[input.mode],
      }),
    onSuccess: () => reloadBalances(queryClient),
  });
}
