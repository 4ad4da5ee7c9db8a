import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** wallet/wallet: this user's deposit address of a currency, one per chain (spec 2 §7). */
export function walletQuery(currencyId: number) {
  return callQuery(CALLS.wallet, { currency_id: currencyId });
}

export function useWallets(currencyId: number) {
  // Addresses do not change while the panel is open.
  return useQuery({ ...walletQuery(currencyId), staleTime: 5 * 60_000 });
}
