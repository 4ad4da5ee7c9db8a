import type { ReviewStatus } from '@exchange/contract';
import { Tag } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { tabOfStatus } from '../lib/review-view';

const COLORS: Record<ReviewStatus, string> = { 0: 'gold', 1: 'green', 2: 'red' };

/** Pending review, approved or rejected (spec 3 §4 labels). */
export function StatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  const name = tabOfStatus(status);
  return (
    <Tag color={COLORS[status]} data-testid="review-status" data-status={name}>
      {t(`admin.state.${name}`)}
    </Tag>
  );
}
