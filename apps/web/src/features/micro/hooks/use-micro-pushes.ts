import { MICRO_CLOSED_LINGER_MS, MICRO_STATUS } from '@exchange/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../shared/store/session';
import { useTopic } from '../../../shared/ws/use-topic';
import { refreshMicroCurrencies, refreshMicroList, updateOpenLists } from '../api/micro';
import { dropOrder, replaceClosed } from '../lib/micro-list';

/**
 * `MICRO_CLOSED` (private): the in-progress row of the order shows it closed, and leaves the list
 * MICRO_CLOSED_LINGER_MS later; the closed list and the balances are read again at once.
 */
export function useMicroPushes(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.token !== null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useTopic(signedIn ? 'MICRO_CLOSED' : null, (push) => {
    const order = push.data;
    updateOpenLists(queryClient, (page) => replaceClosed(page, order, Date.now()));
    void refreshMicroList(queryClient, MICRO_STATUS.closed);
    void refreshMicroCurrencies(queryClient);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      updateOpenLists(queryClient, (page) => dropOrder(page, order.id));
      void refreshMicroList(queryClient, MICRO_STATUS.open);
    }, MICRO_CLOSED_LINGER_MS);
    timers.current.add(timer);
  });
}
