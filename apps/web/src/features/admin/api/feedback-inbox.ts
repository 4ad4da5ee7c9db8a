import { CALLS, type CallRequest } from '@exchange/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { useTranslation } from '../../../shared/i18n/translation';
import { inboxParams, type InboxTab, type QueueView } from '../lib/queue-view';

/** admin/feedback of one tab (unanswered or answered) and page. */
export function inboxQuery(view: QueueView<InboxTab>) {
  return callQuery(CALLS.adminFeedback, inboxParams(view));
}

export function useInbox(view: QueueView<InboxTab>) {
  return useQuery({ ...inboxQuery(view), placeholderData: keepPreviousData });
}

/**
 * The feedback types with their names in the UI language (feedback/type, named by the `lang`
 * header: the language is part of the key), for the type column.
 */
export function useFeedbackTypeNames() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [CALLS.feedbackTypes.path, {}, i18n.language] as const,
    queryFn: () => request(CALLS.feedbackTypes, {}),
    staleTime: Infinity,
    select: (types) => new Map(types.map((type) => [type.id, type.name])),
  });
}

/**
 * admin/feedback/reply, once per feedback (feedback.replied when another operator was first).
 * Both tabs are read again either way.
 */
export function useReplyFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.adminFeedbackReply>) =>
      request(CALLS.adminFeedbackReply, params),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CALLS.adminFeedback.path] }),
  });
}
