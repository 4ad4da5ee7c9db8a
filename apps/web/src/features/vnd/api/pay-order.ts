import { CALLS, VND_CURRENCY_ID, type CallResponse, type VndPayOrder } from '@exchange/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { wireDecimal } from '../../../shared/format/number';

export type { VndPayOrder };

/** How often step 2 asks whether its order still awaits payment (spec 3 §2). */
export const ORDER_POLL_MS = 10_000;

/** wallet/createPayOrder answers a VND order for currency 5, a deposit record otherwise. */
function isVndOrder(answer: CallResponse<typeof CALLS.createPayOrder>): answer is VndPayOrder {
  return 'referenceCode' in answer;
}

/**
 * wallet/createPayOrder with currency 5 and the USDT to buy: a VND order awaiting the user's
 * bank transfer (an older one awaiting payment is cancelled by the server).
 */
export function useCreateVndOrder() {
  return useMutation({
    mutationFn: async (chargeNum: string): Promise<VndPayOrder> => {
      const answer = await request(CALLS.createPayOrder, {
        currency_id: VND_CURRENCY_ID,
        chargeNum: wireDecimal(chargeNum),
        walletAddress: '',
        in_address: '',
        imgUrl: '',
      });
      if (!isVndOrder(answer)) throw new Error('wallet/createPayOrder answered a deposit record');
      return answer;
    },
  });
}

/**
 * wallet/infoPayOrder of one order: the order while it awaits payment, null once it does not
 * (expired, cancelled, submitted, or not the user's). Read at once and every 10 s while shown.
 */
export function payOrderQuery(orderId: number) {
  const params = { currency_id: VND_CURRENCY_ID, order_id: orderId };
  return queryOptions({
    queryKey: [CALLS.infoPayOrder.path, params] as const,
    queryFn: () => request(CALLS.infoPayOrder, params),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: ORDER_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

export function usePayOrder(orderId: number | null) {
  return useQuery({ ...payOrderQuery(orderId ?? 0), enabled: orderId !== null });
}

/** wallet/cancelPayOrder: the order is cancelled (status 2). */
export function useCancelVndOrder() {
  return useMutation({
    mutationFn: (order: Pick<VndPayOrder, 'id' | 'chargeNum'>) =>
      request(CALLS.cancelPayOrder, {
        currency_id: VND_CURRENCY_ID,
        order_id: order.id,
        chargeNum: order.chargeNum,
      }),
  });
}

/**
 * wallet/updatePayOrder: the transfer's screenshot (an upload url); the order becomes a pending
 * deposit of the same id, so the deposit records read again.
 */
export function useSubmitVndOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { order: Pick<VndPayOrder, 'id' | 'chargeNum'>; imgUrl: string }) =>
      request(CALLS.updatePayOrder, {
        currency_id: VND_CURRENCY_ID,
        order_id: input.order.id,
        imgUrl: input.imgUrl,
        chargeNum: input.order.chargeNum,
        walletAddress: '',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CALLS.rechargeLog.path] }),
  });
}
