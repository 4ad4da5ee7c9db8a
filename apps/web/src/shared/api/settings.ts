import { CALLS, type SettingKey } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { callQuery } from './query';

const SETTING_STALE_MS = 10 * 60_000;

/**
 * One public setting (default/setting); undefined while loading, when unset or when it failed.
 * Settings only decorate screens (contact links, options), so failures stay silent.
 */
export function useSetting(key: SettingKey): string | undefined {
  const { data } = useQuery({
    ...callQuery(CALLS.setting, { key }),
    queryFn: () => request(CALLS.setting, { key }, { silent: true }),
    staleTime: SETTING_STALE_MS,
  });
  return data;
}
