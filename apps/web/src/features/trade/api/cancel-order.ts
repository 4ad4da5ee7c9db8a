import { CALLS, type SpotOrder } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { removeOrder } from '../lib/order-push';
import { reloadBalances } from './balance';
import { invalidateOpenOrders, refreshHistory, updateOpenOrders } from './orders';

/**
 * tx_in/cancel or tx_out/cancel by the order's way; the row leaves the list and the balances are
 * reloaded (spec 2 §4).
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: SpotOrder) =>
      request(order.way === 1 ? CALLS.buyCancel : CALLS.sellCancel, { id: order.id }),
    onSuccess: (_cancelled, order) => {
      updateOpenOrders(queryClient, (page) => removeOrder(page, order.id));
      void refreshHistory(queryClient);
      return reloadBalances(queryClient);
    },
    // Already done or cancelled elsewhere: the lists were stale, read them again.
    onError: () => invalidateOpenOrders(queryClient),
  });
}
