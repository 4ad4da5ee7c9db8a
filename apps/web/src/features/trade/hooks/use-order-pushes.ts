import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../shared/store/session';
import { useTopic } from '../../../shared/ws/use-topic';
import { applyBalancePush } from '../api/balance';
import { ordersQuery, refreshHistory, updateOpenOrders } from '../api/orders';
import {
  addSubmitted,
  applyMatched,
  isFinished,
  showsSubmitted,
  type OrdersView,
} from '../lib/order-push';

/**
 * The user's private order pushes (spec 2 §4) on the history panel: `TX_SUBMIT` adds the order
 * to the list on screen when the rules allow; `TX_MATCHED` updates or removes it everywhere.
 */
export function useOrderPushes(view: OrdersView): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.token !== null);

  useTopic(signedIn ? 'TX_SUBMIT' : null, (push) => {
    const { order } = push.data;
    if (!showsSubmitted(view, order)) return;
    queryClient.setQueryData(ordersQuery(view).queryKey, (page) =>
      page === undefined ? page : addSubmitted(page, order),
    );
  });

  useTopic(signedIn ? 'TX_MATCHED' : null, (push) => {
    const { order } = push.data;
    updateOpenOrders(queryClient, (page) => applyMatched(page, order));
    if (isFinished(order)) void refreshHistory(queryClient);
  });
}

/** `TX_MATCHED` carries the owner's new base and quote balances (spec 2 §7): show them at once. */
export function useBalancePushes(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.token !== null);

  useTopic(signedIn ? 'TX_MATCHED' : null, (push) => {
    applyBalancePush(queryClient, push.data.base_balance);
    applyBalancePush(queryClient, push.data.quote_balance);
  });
}
