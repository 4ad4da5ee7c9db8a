import { CALLS, type CallRequest } from '@exchange/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { useTranslation } from '../../../shared/i18n/translation';

/**
 * feedback/type: the types with their names in the UI language (the server names them by the
 * `lang` header, so the language is part of the key).
 */
export function useFeedbackTypes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [CALLS.feedbackTypes.path, {}, i18n.language] as const,
    queryFn: () => request(CALLS.feedbackTypes, {}),
    staleTime: Infinity,
  });
}

/** feedback/list: the user's feedback with the replies, newest first, 10 a page. */
export function useFeedbackList(page: number) {
  return useQuery({
    ...callQuery(CALLS.feedbackList, { page }),
    placeholderData: keepPreviousData,
  });
}

/** feedback/feedback; every page of the list is read again after it. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.feedbackSubmit>) =>
      request(CALLS.feedbackSubmit, params),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CALLS.feedbackList.path] }),
  });
}
