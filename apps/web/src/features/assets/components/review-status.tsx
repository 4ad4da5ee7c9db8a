import type { ReviewStatus } from '@exchange/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './table.module.css';

const COLORS: Record<ReviewStatus, string> = { 0: 'gold', 1: 'success', 2: 'error' };
const KEYS: Record<ReviewStatus, string> = { 0: 'pending', 1: 'approved', 2: 'rejected' };

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
  const detail = status === 2 ? reason : status === 1 ? (txRef ?? '') : '';
  return (
    <span data-testid="review-status" data-status={status}>
      <Tag color={COLORS[status]}>{t(`assets.status.${KEYS[status]}`)}</Tag>
      {detail && (
        <span className={styles.sub} title={detail}>
          {status === 2
            ? t('assets.status.reason', { reason: detail })
            : t('assets.status.txRef', { ref: detail })}
        </span>
      )}
    </span>
  );
}
