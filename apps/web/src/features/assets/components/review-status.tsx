import { REVIEW_STATUS, type ReviewStatus } from '@exchange/contract';
import { Tag } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import styles from './table.module.css';

const COLORS: Record<ReviewStatus, string> = {
  [REVIEW_STATUS.pending]: 'gold',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
};
const KEYS: Record<ReviewStatus, keyof typeof REVIEW_STATUS> = {
  [REVIEW_STATUS.pending]: 'pending',
  [REVIEW_STATUS.approved]: 'approved',
  [REVIEW_STATUS.rejected]: 'rejected',
};

/**
 * A deposit's or withdrawal's review (spec 2 §4): pending, approved (with the payout's reference
 * when there is one) or rejected (with the operator's reason).
 */
export function ReviewStatusTag({
  status,
  reason,
  txRef,
}: {
  status: ReviewStatus;
  reason: string;
  txRef?: string;
}) {
  const { t } = useTranslation();
  const detail =
    status === REVIEW_STATUS.rejected
      ? reason
      : status === REVIEW_STATUS.approved
        ? (txRef ?? '')
        : '';
  return (
    <span data-testid="review-status" data-status={status}>
      <Tag color={COLORS[status]}>{t(`assets.status.${KEYS[status]}`)}</Tag>
      {detail && (
        <span className={styles.sub} title={detail}>
          {status === REVIEW_STATUS.rejected
            ? t('assets.status.reason', { reason: detail })
            : t('assets.status.txRef', { ref: detail })}
        </span>
      )}
    </span>
  );
}
