import { IDENTITY_PAGE_SIZE, type IdentityRow } from '@exchange/contract';
import { useState } from 'react';
import { isApiError, toastSuccess } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useApproveIdentity, useIdentities, useRejectIdentity } from '../api/identities';
import { AdminShell } from '../components/admin-shell';
import { useIdentityColumns, type IdentityAction } from '../components/identity-columns';
import { IdentityPhotos } from '../components/identity-photos';
import { QueueList } from '../components/queue-list';
import { ReviewDialog } from '../components/review-dialog';
import { FullText } from '../components/review-cells';
import { useQueueView } from '../components/use-queue-view';
import { checkIdentityReason, IDENTITY_REASON_MAX } from '../lib/queue-input';
import { IDENTITY_TABS } from '../lib/queue-view';

/**
 * /admin/identities: the identity submissions by status, the pending ones oldest first. Approving
 * verifies the user's identity; rejecting needs the reason the user reads, and they may submit
 * again.
 */
export function IdentitiesPage() {
  const { t } = useTranslation();
  const [view, setView] = useQueueView(IDENTITY_TABS);
  const list = useIdentities(view);
  const approve = useApproveIdentity();
  const reject = useRejectIdentity();
  const [open, setOpen] = useState<{ action: IdentityAction; row: IdentityRow } | null>(null);
  const columns = useIdentityColumns(view.tab, (action, row) => setOpen({ action, row }));

  async function run(action: IdentityAction, row: IdentityRow, reason: string) {
    const values = { user: row.user.account, name: row.name };
    try {
      if (action === 'approve') {
        await approve.mutateAsync(row.id);
        toastSuccess(t('admin.kyc.approved', values));
      } else {
        await reject.mutateAsync({ id: row.id, reason });
        toastSuccess(t('admin.kyc.rejected', values));
      }
      setOpen(null);
    } catch (error) {
      // The api client has shown the server's message; a submission someone else already
      // decided is gone from this tab after the reload, so its dialog closes.
      if (isApiError(error) && (error.key === 'review.done' || error.key === 'identity.not_found'))
        setOpen(null);
    }
  }

  const values = open && { user: open.row.user.account, name: open.row.name };
  return (
    <AdminShell section="identities">
      <QueueList
        tabs={IDENTITY_TABS}
        view={view}
        onView={setView}
        list={list}
        columns={columns}
        pageSize={IDENTITY_PAGE_SIZE}
        label={t('admin.kyc.title')}
        tabLabel={(tab) => t(`admin.tab.${tab}`)}
        empty={(tab) => t(`admin.kyc.empty.${tab}`)}
        testId="identities"
        minWidth={1100}
      />
      {open && values && (
        <ReviewDialog
          title={t(`admin.kyc.${open.action}Title`, values)}
          description={t(`admin.kyc.${open.action}Text`, values)}
          details={[
            { label: t('admin.col.user'), value: open.row.user.account },
            { label: t('admin.kyc.col.name'), value: open.row.name },
            { label: t('admin.kyc.col.cardId'), value: <FullText text={open.row.card_id} /> },
            { label: t('admin.kyc.col.submitted'), value: formatDateTime(open.row.created_at) },
          ]}
          extra={<IdentityPhotos photos={open.row} large />}
          width={640}
          input={
            open.action === 'reject'
              ? {
                  label: t('admin.kyc.reason'),
                  placeholder: t('admin.kyc.reasonPlaceholder'),
                  check: checkIdentityReason,
                  multiline: true,
                  maxLength: IDENTITY_REASON_MAX,
                }
              : undefined
          }
          okText={t(`admin.action.${open.action}`)}
          danger={open.action === 'reject'}
          loading={approve.isPending || reject.isPending}
          onSubmit={(reason) => void run(open.action, open.row, reason)}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminShell>
  );
}
