import { FEEDBACK_PAGE_SIZE } from '@exchange/contract';
import { useState } from 'react';
import { isApiError, toastSuccess } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useFeedbackTypeNames, useInbox, useReplyFeedback } from '../api/feedback-inbox';
import { AdminShell } from '../components/admin-shell';
import {
  FeedbackMessage,
  typeName,
  useInboxColumns,
  type InboxRow,
} from '../components/inbox-columns';
import { QueueList } from '../components/queue-list';
import { ReviewDialog } from '../components/review-dialog';
import { useQueueView } from '../components/use-queue-view';
import { checkReply, REPLY_MAX } from '../lib/queue-input';
import { INBOX_TABS } from '../lib/queue-view';

/**
 * /admin/feedback: the users' feedback, unanswered ones oldest first. Each is answered once; the
 * user reads the reply under their feedback.
 */
export function FeedbackAdminPage() {
  const { t } = useTranslation();
  const [view, setView] = useQueueView(INBOX_TABS);
  const list = useInbox(view);
  const names = useFeedbackTypeNames().data;
  const reply = useReplyFeedback();
  const [open, setOpen] = useState<InboxRow | null>(null);
  const columns = useInboxColumns(view.tab, names, setOpen);

  async function send(row: InboxRow, text: string) {
    try {
      await reply.mutateAsync({ id: row.id, reply: text });
      toastSuccess(t('admin.inbox.sent', { user: row.user.account }));
      setOpen(null);
    } catch (error) {
      // Another operator answered first: the feedback has left this tab after the reload.
      if (
        isApiError(error) &&
        (error.key === 'feedback.replied' || error.key === 'feedback.not_found')
      )
        setOpen(null);
    }
  }

  return (
    <AdminShell section="feedback">
      <QueueList
        tabs={INBOX_TABS}
        view={view}
        onView={setView}
        list={list}
        columns={columns}
        pageSize={FEEDBACK_PAGE_SIZE}
        label={t('admin.inbox.title')}
        tabLabel={(tab) => t(`admin.inbox.tab.${tab}`)}
        empty={(tab) => t(`admin.inbox.empty.${tab}`)}
        testId="inbox"
        minWidth={1000}
      />
      {open && (
        <ReviewDialog
          title={t('admin.inbox.replyTitle', { user: open.user.account })}
          description={t('admin.inbox.replyText')}
          details={[
            { label: t('admin.col.user'), value: open.user.account },
            { label: t('admin.inbox.col.type'), value: typeName(names, open) },
            { label: t('admin.inbox.col.sent'), value: formatDateTime(open.created_at) },
            { label: t('admin.inbox.col.message'), value: <FeedbackMessage row={open} full /> },
          ]}
          input={{
            label: t('admin.inbox.replyLabel'),
            placeholder: t('admin.inbox.replyPlaceholder'),
            check: checkReply,
            multiline: true,
            rows: 5,
            maxLength: REPLY_MAX,
          }}
          okText={t('admin.inbox.send')}
          loading={reply.isPending}
          onSubmit={(text) => void send(open, text)}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminShell>
  );
}
