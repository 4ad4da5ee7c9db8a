import {
  ClockCircleOutlined,
  InfoCircleOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { REVIEW } from '@exchange/contract';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useIdentityCenter } from '../api/authentication-center';
import { AuthenticationForm } from '../components/authentication-form';
import styles from '../components/authentication.module.css';
import { ErrorBlock, LoadingBlock } from '../components/load-state';
import panel from '../components/panel.module.css';
import { identityView } from '../lib/authentication-form';

interface Detail {
  label: string;
  value: string | null;
  testId: string;
}

/** A submitted identity: its state, what it says, and what was sent (the id number masked). */
function StatePanel({
  tone,
  icon,
  title,
  text,
  details,
  testId,
}: {
  tone: 'pending' | 'verified';
  icon: ReactNode;
  title: string;
  text: string;
  details: Detail[];
  testId: string;
}) {
  return (
    <div className={`${styles.state} ${styles[tone]}`} data-testid={testId} role="status">
      <span className={styles.stateIcon} aria-hidden>
        {icon}
      </span>
      <div className={styles.stateBody}>
        <h2 className={styles.stateTitle}>{title}</h2>
        <p className={styles.stateText}>{text}</p>
        <dl className={styles.details}>
          {details
            .filter((d) => d.value)
            .map((d) => (
              <div key={d.testId} className={styles.detail}>
                <dt>{d.label}</dt>
                <dd data-testid={d.testId}>{d.value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </div>
  );
}

/**
 * /personal/authentication (spec 3 screen 6): identity verification. Nothing sent or rejected
 * (with the operator's reason): the form; pending: "in review"; approved: verified, with the name
 * and the masked id number.
 */
export function AuthenticationPage() {
  const { t } = useTranslation();
  const center = useIdentityCenter();

  let body: ReactNode;
  if (center.isError && !center.data) {
    body = (
      <ErrorBlock
        onRetry={() => void center.refetch()}
        retrying={center.isFetching}
        testId="kyc-error"
      />
    );
  } else if (!center.data) {
    body = <LoadingBlock testId="kyc-loading" />;
  } else {
    const data = center.data;
    const view = identityView(data);
    const details: Detail[] = [
      { label: t('kyc.state.name'), value: data.name, testId: 'kyc-state-name' },
      { label: t('kyc.state.cardId'), value: data.card_id, testId: 'kyc-state-card' },
      {
        label: t('kyc.state.submittedAt'),
        value: data.submitted_at === null ? null : formatDateTime(data.submitted_at),
        testId: 'kyc-state-time',
      },
    ];
    if (view.kind === 'pending') {
      body = (
        <StatePanel
          tone="pending"
          icon={<ClockCircleOutlined />}
          title={t('kyc.state.pendingTitle')}
          text={t('kyc.state.pendingText')}
          details={details}
          testId="kyc-pending"
        />
      );
    } else if (view.kind === 'verified') {
      body = (
        <StatePanel
          tone="verified"
          icon={<SafetyCertificateOutlined />}
          title={t('kyc.state.verifiedTitle')}
          text={t('kyc.state.verifiedText')}
          details={details.slice(0, 2)}
          testId="kyc-verified"
        />
      );
    } else {
      body = (
        <>
          {data.review_status === REVIEW.rejected && (
            <Alert
              type="error"
              showIcon
              className={styles.rejected}
              message={t('kyc.state.rejectedTitle')}
              description={
                <span data-testid="kyc-rejected-reason">
                  {view.rejectedReason ?? t('kyc.state.rejectedNoReason')}
                </span>
              }
              data-testid="kyc-rejected"
            />
          )}
          {/* A new form after each decision: the previous photos are not carried over. */}
          <AuthenticationForm
            key={data.submitted_at ?? 0}
            initialName={data.review_status === REVIEW.rejected ? (data.name ?? '') : ''}
          />
        </>
      );
    }
  }

  return (
    <section className={panel.panel} data-testid="kyc-page">
      <div className={panel.head}>
        <h1 className={panel.title}>{t('kyc.title')}</h1>
      </div>
      {/* Once verified, the state itself says the higher limit applies. */}
      {center.data?.review_status !== REVIEW.approved && (
        <div className={styles.note} data-testid="kyc-note">
          <InfoCircleOutlined aria-hidden className={styles.noteIcon} />
          <span>{t('kyc.note')}</span>
        </div>
      )}
      {body}
    </section>
  );
}
