import { CALLS, type CallParsedRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { currencyMatchesQuery } from '../../../shared/market/use-live-markets';
import { withFavorite } from '../lib/favorites';

/** The parsed shape (`currency_match_id` a number), which the request also accepts. */
type FavoriteParams = CallParsedRequest<typeof CALLS.favorite>;

/**
 * market/favorite: the star turns at once (optimistic update of the shared currency_matches
 * entry); a failure turns it back, and the server's answer has the last word.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { queryKey } = currencyMatchesQuery();
  const setAdded = (id: number, added: boolean) => {
    queryClient.setQueryData(queryKey, (groups) => groups && withFavorite(groups, id, added));
  };
  return useMutation({
    mutationFn: (params: FavoriteParams) => request(CALLS.favorite, params),
    onMutate: async ({ currency_match_id, added }) => {
      // A refetch still in flight would overwrite the optimistic flag.
      await queryClient.cancelQueries({ queryKey });
      setAdded(currency_match_id, added);
    },
    // Only this pair's flag is undone, so quotations pushed in the meantime are kept.
    onError: (_error, { currency_match_id, added }) => setAdded(currency_match_id, !added),
    onSuccess: ({ currency_match_id, added }) => setAdded(currency_match_id, added),
  });
}
