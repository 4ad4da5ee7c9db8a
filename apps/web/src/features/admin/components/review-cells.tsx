import { REVIEW_STATUS, type ReviewStatus } from '@exchange/contract';
import { Typography } from 'antd';
import { Trans, useTranslation } from '../../../shared/i18n/translation';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { shortAddress } from '../lib/review-input';
import styles from './review-cells.module.css';

/** A long address, shortened, with its full text on hover and a copy button. */
export function AddressText({ address, memo }: { address: string; memo?: string }) {
  if (!address) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.stack}>
      <Typography.Text copyable={{ text: address }} title={address} className={styles.mono}>
        {shortAddress(address)}
      </Typography.Text>
      {memo ? <span className={styles.muted}>memo {memo}</span> : null}
    </span>
  );
}

export function UserCell({ user }: { user: { id: number; account: string } }) {
  return (
    <span className={styles.stack}>
      <span className={styles.account} data-testid="review-user">
        {user.account}
      </span>
      <span className={styles.muted}>UID {user.id}</span>
    </span>
  );
}

/** An amount with every digit it has, grouped in the UI language. */
export function Amount({ value, coin }: { value: string; coin: string }) {
  const format = useNumberFormat();
  return (
    <span className={styles.amount}>
      {format.amount(value)} <span className={styles.muted}>{coin}</span>
    </span>
  );
}

/** When it was reviewed, and the reason of a rejection or the payout reference of an approval. */
export function ReviewNote(props: {
  status: ReviewStatus;
  reviewedAt: number | null;
  reason: string;
  txRef?: string;
}) {
  const { t } = useTranslation();
  if (props.status === REVIEW_STATUS.pending) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.stack}>
      {props.status === REVIEW_STATUS.rejected && props.reason ? (
        <span className={styles.note} data-testid="review-reason">
          {t('admin.note.reason', { reason: props.reason })}
        </span>
      ) : null}
      {props.status === REVIEW_STATUS.approved && props.txRef ? (
        <span className={styles.note} data-testid="review-tx-ref">
          <Trans
            i18nKey="admin.note.txRef"
            components={{
              ref: (
                <Typography.Text
                  copyable={{ text: props.txRef }}
                  title={props.txRef}
                  className={styles.mono}
                >
                  {shortAddress(props.txRef, 8, 6)}
                </Typography.Text>
              ),
            }}
          />
        </span>
      ) : null}
      {props.reviewedAt !== null ? (
        <span className={styles.muted}>{formatDateTime(props.reviewedAt)}</span>
      ) : null}
    </span>
  );
}

/** A full address or reference, wrapped rather than shortened, with a copy button (dialogs). */
export function FullText({ text }: { text: string }) {
  if (!text) return <span className={styles.muted}>—</span>;
  return (
    <Typography.Text copyable className={styles.wrap} data-testid="review-full-text">
      {text}
    </Typography.Text>
  );
}
