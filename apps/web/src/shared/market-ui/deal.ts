import { CALLS, type CallResponse } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../api/query';

export type Deal = CallResponse<typeof CALLS.deal>;

/** market/deal of one pair: quotation, depth and the latest trades; pushes keep it live. */
export function dealQuery(pairId: number) {
  return callQuery(CALLS.deal, { currency_match_id: pairId });
}

export function useDeal(pairId: number | undefined) {
  return useQuery({ ...dealQuery(pairId ?? 0), enabled: pairId !== undefined });
}
