import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackList } from '../components/feedback-list';
import styles from '../components/feedback.module.css';
import panel from '../components/panel.module.css';

/**
 * /personal/feedback (spec 3 screen 15): send a question or suggestion, and read the replies of
 * the exchange's support under the feedback sent before.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <div className={styles.page} data-testid="feedback-page">
      <section className={panel.panel} aria-labelledby="feedback-form-title">
        <div className={panel.head}>
          <h1 className={panel.title} id="feedback-form-title">
            {t('support.title')}
          </h1>
        </div>
        <p className={styles.intro}>{t('support.intro')}</p>
        {/* The newest feedback is on the first page: show it there once sent. */}
        <FeedbackForm onSent={() => setPage(1)} />
      </section>
      <section className={panel.panel} aria-labelledby="feedback-list-title">
        <div className={panel.head}>
          <h2 className={panel.title} id="feedback-list-title">
            {t('support.list.heading')}
          </h2>
        </div>
        <FeedbackList page={page} onPage={setPage} />
      </section>
    </div>
  );
}
