import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** Countries and regions with calling codes (default/area_list); they rarely change. */
export function useAreaList() {
  return useQuery({ ...callQuery(CALLS.areaList), staleTime: Infinity });
}
