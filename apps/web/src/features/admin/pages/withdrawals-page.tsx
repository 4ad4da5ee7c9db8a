import type { AdminWithdrawal } from '@exchange/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { isApiError, toastSuccess } from '../../../shared/api/client';
import { formatVnd } from '../../../shared/format/vnd';
import { useApproveWithdrawal } from '../api/approve-withdrawal';
import { useRejectWithdrawal } from '../api/reject-withdrawal';
import { useWithdrawals } from '../api/withdrawals';
import { AdminShell } from '../components/admin-shell';
import { Amount, FullText } from '../components/review-cells';
import { ReviewDialog } from '../components/review-dialog';
import { ReviewList } from '../components/review-list';
import { useReviewView } from '../components/use-review-view';
import { useVndWithdrawalDetails } from '../components/vnd-cells';
import { useWithdrawalColumns, type WithdrawalAction } from '../components/withdrawal-columns';
import { checkReason, checkTxRef } from '../lib/review-input';

/**
 * /admin/withdrawals: withdrawal requests by status. The operator pays out first and approves
 * with the payout's transaction reference; rejecting returns the locked amount to the user.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const [view, setView] = useReviewView();
  const list = useWithdrawals(view);
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const [open, setOpen] = useState<{
    action: WithdrawalAction;
    withdrawal: AdminWithdrawal;
  } | null>(null);
  const columns = useWithdrawalColumns((action, withdrawal) => setOpen({ action, withdrawal }));
  const vndDetails = useVndWithdrawalDetails();

  async function run(action: WithdrawalAction, withdrawal: AdminWithdrawal, value: string) {
    const values = { id: withdrawal.id, amount: withdrawal.number, coin: withdrawal.currency.code };
    try {
      if (action === 'approve') {
        await approve.mutateAsync({ id: withdrawal.id, tx_ref: value });
        toastSuccess(t('admin.withdrawals.approved', values));
      } else {
        await reject.mutateAsync({ id: withdrawal.id, reason: value });
        toastSuccess(t('admin.withdrawals.rejected', values));
      }
      setOpen(null);
    } catch (error) {
      // The api client has shown the server's message (see the deposits page).
      if (isApiError(error) && error.key === 'review.done') setOpen(null);
    }
  }

  const dialog = open && {
    id: open.withdrawal.id,
    amount: open.withdrawal.number,
    receive: open.withdrawal.receive,
    coin: open.withdrawal.currency.code,
    chain: open.withdrawal.chain || open.withdrawal.currency.code,
    user: open.withdrawal.user.account,
    vnd: open.withdrawal.vnd ? formatVnd(open.withdrawal.vnd.total_amount) : '',
  };
  const vnd = open?.withdrawal.vnd;
  return (
    <AdminShell section="withdrawals">
      <ReviewList view={view} onView={setView} list={list} columns={columns} kind="withdrawals" />
      {open && dialog && (
        <ReviewDialog
          title={t(`admin.withdrawals.${open.action}Title`, dialog)}
          description={t(
            vnd && open.action === 'approve'
              ? 'admin.vnd.withdrawApproveText'
              : `admin.withdrawals.${open.action}Text`,
            dialog,
          )}
          details={
            vnd
              ? [
                  ...vndDetails(vnd, open.withdrawal.address, dialog.coin),
                  {
                    label: t('admin.col.amount'),
                    value: <Amount value={open.withdrawal.number} coin={dialog.coin} />,
                  },
                  { label: t('admin.col.user'), value: open.withdrawal.user.account },
                ]
              : [
                  {
                    label: t('admin.col.receive'),
                    value: <Amount value={open.withdrawal.receive} coin={dialog.coin} />,
                  },
                  { label: t('admin.col.coin'), value: dialog.chain },
                  {
                    label: t('admin.col.address'),
                    value: <FullText text={open.withdrawal.address} />,
                  },
                  ...(open.withdrawal.memo
                    ? [
                        {
                          label: t('admin.col.memo'),
                          value: <FullText text={open.withdrawal.memo} />,
                        },
                      ]
                    : []),
                  { label: t('admin.col.user'), value: open.withdrawal.user.account },
                ]
          }
          input={
            open.action === 'approve'
              ? {
                  label: t(vnd ? 'admin.vnd.txRef' : 'admin.dialog.txRef'),
                  placeholder: t(
                    vnd ? 'admin.vnd.txRefPlaceholder' : 'admin.dialog.txRefPlaceholder',
                  ),
                  check: checkTxRef,
                  maxLength: 200,
                }
              : {
                  label: t('admin.dialog.reason'),
                  placeholder: t('admin.dialog.reasonPlaceholder'),
                  check: checkReason,
                  multiline: true,
                  maxLength: 500,
                }
          }
          okText={t(`admin.action.${open.action}`)}
          danger={open.action === 'reject'}
          loading={approve.isPending || reject.isPending}
          onSubmit={(value) => void run(open.action, open.withdrawal, value)}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminShell>
  );
}
