import type { AdminDeposit } from '@exchange/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { isApiError, toastSuccess } from '../../../shared/api/client';
import { formatVnd } from '../../../shared/format/vnd';
import { useApproveDeposit } from '../api/approve-deposit';
import { useDeposits } from '../api/deposits';
import { useRejectDeposit } from '../api/reject-deposit';
import { AdminShell } from '../components/admin-shell';
import { DepositScreenshot } from '../components/deposit-screenshot';
import { Amount, FullText } from '../components/review-cells';
import { useDepositColumns, type DepositAction } from '../components/deposit-columns';
import { ReviewDialog } from '../components/review-dialog';
import { ReviewList } from '../components/review-list';
import { useReviewView } from '../components/use-review-view';
import { useVndDepositDetails } from '../components/vnd-cells';
import { checkReason } from '../lib/review-input';

/**
 * /admin/deposits: reported deposits by status. Approving credits the amount through the ledger;
 * rejecting needs a reason and credits nothing.
 */
export function DepositsPage() {
  const { t } = useTranslation();
  const [view, setView] = useReviewView();
  const list = useDeposits(view);
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const [open, setOpen] = useState<{ action: DepositAction; deposit: AdminDeposit } | null>(null);
  const columns = useDepositColumns((action, deposit) => setOpen({ action, deposit }));
  const vndDetails = useVndDepositDetails();

  async function run(action: DepositAction, deposit: AdminDeposit, reason: string) {
    const values = { id: deposit.id, amount: deposit.number, coin: deposit.currency.code };
    try {
      if (action === 'approve') {
        await approve.mutateAsync(deposit.id);
        toastSuccess(t('admin.deposits.approved', values));
      } else {
        await reject.mutateAsync({ id: deposit.id, reason });
        toastSuccess(t('admin.deposits.rejected', values));
      }
      setOpen(null);
    } catch (error) {
      // The api client has shown the server's message; a request someone else already
      // reviewed is gone from this tab after the reload, so its dialog closes.
      if (isApiError(error) && error.key === 'review.done') setOpen(null);
    }
  }

  const dialog = open && {
    amount: open.deposit.number,
    coin: open.deposit.currency.code,
    user: open.deposit.user.account,
    id: open.deposit.id,
    vnd: open.deposit.vnd ? formatVnd(open.deposit.vnd.amount_vnd) : '',
    ref: open.deposit.vnd?.reference_code ?? '',
  };
  // Approving a VND transfer says what to find on the bank statement first.
  const vndApproval = open?.action === 'approve' && open.deposit.vnd;
  return (
    <AdminShell section="deposits">
      <ReviewList view={view} onView={setView} list={list} columns={columns} kind="deposits" />
      {open && dialog && (
        <ReviewDialog
          title={t(`admin.deposits.${open.action}Title`, dialog)}
          description={t(
            vndApproval ? 'admin.vnd.depositApproveText' : `admin.deposits.${open.action}Text`,
            dialog,
          )}
          details={[
            {
              label: t('admin.col.amount'),
              value: <Amount value={open.deposit.number} coin={open.deposit.currency.code} />,
            },
            { label: t('admin.col.user'), value: open.deposit.user.account },
            { label: t('admin.col.coin'), value: open.deposit.chain || open.deposit.currency.code },
            ...(open.deposit.vnd
              ? vndDetails(open.deposit.vnd, open.deposit.currency.code)
              : [
                  { label: t('admin.col.in'), value: <FullText text={open.deposit.in_address} /> },
                  {
                    label: t('admin.col.from'),
                    value: <FullText text={open.deposit.from_address} />,
                  },
                ]),
            {
              label: t('admin.col.screenshot'),
              value: <DepositScreenshot url={open.deposit.img_url} id={open.deposit.id} large />,
            },
          ]}
          input={
            open.action === 'reject'
              ? {
                  label: t('admin.dialog.reason'),
                  placeholder: t('admin.dialog.reasonPlaceholder'),
                  check: checkReason,
                  multiline: true,
                  maxLength: 500,
                }
              : undefined
          }
          okText={t(`admin.action.${open.action}`)}
          danger={open.action === 'reject'}
          loading={approve.isPending || reject.isPending}
          onSubmit={(value) => void run(open.action, open.deposit, value)}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminShell>
  );
}
