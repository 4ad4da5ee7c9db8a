import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** admin/settings: the operator settings with their defaults, ranges and the server's factor. */
export function operatorSettingsQuery() {
  return callQuery(CALLS.adminSettings, {});
}

export function useOperatorSettings() {
  return useQuery(operatorSettingsQuery());
}

/** admin/settings/update; the list is read again either way (another operator may have saved). */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.adminSettingsUpdate>) =>
      request(CALLS.adminSettingsUpdate, params),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorSettingsQuery().queryKey }),
  });
}
