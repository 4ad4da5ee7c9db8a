import { CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { wireDecimal } from '../../../shared/format/number';
import { reloadDeposits } from './recharge-log';

export interface DepositReport {
  currencyId: number;
  currencyProtocolId: number;
  quantity: string;
  /** The sender's own address; optional. */
  fromAddress: string;
  /** Our deposit address the coins were sent to. */
  depositAddress: string;
  /** The transfer's screenshot, as common/image_upload answered it. */
  imgUrl: string;
}

/**
 * wallet/createPayOrder (spec 2 §7, spec 3 form): the quantity in chargeNum, the sender in
 * walletAddress, the uploaded screenshot in imgUrl. Spec 2 §4 reloads the page after success;
 * refetching the records is enough.
 */
export function useCreatePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepositReport) =>
      request(CALLS.createPayOrder, {
        currency_id: input.currencyId,
        currency_protocol_id: input.currencyProtocolId,
        chargeNum: wireDecimal(input.quantity),
        walletAddress: input.fromAddress.trim(),
        in_address: input.depositAddress,
        imgUrl: input.imgUrl,
      }),
    onSuccess: () => reloadDeposits(queryClient),
  });
}
