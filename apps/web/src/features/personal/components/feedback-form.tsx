import { FEEDBACK_MIN_CONTENT } from '@exchange/contract';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/ui/toast';
import { useFeedbackTypes, useSendFeedback } from '../api/feedback-api';
import {
  contentCounter,
  FEEDBACK_MAX_CONTENT,
  FEEDBACK_MAX_TITLE,
  feedbackRequest,
  validateFeedback,
  type FeedbackDraft,
  type FeedbackField,
  type FeedbackProblem,
} from '../lib/feedback-form';
import styles from './feedback.module.css';

const EMPTY: FeedbackDraft = { type: null, title: '', content: '' };

/**
 * Send feedback: a type, a title and a description of at least 10 characters, checked top to
 * bottom before anything is sent; the first problem shows under its field.
 */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const types = useFeedbackTypes();
  const send = useSendFeedback();
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY);
  const [problem, setProblem] = useState<FeedbackProblem | null>(null);
  const counter = contentCounter(draft.content);

  function change(next: Partial<FeedbackDraft>) {
    setDraft((current) => ({ ...current, ...next }));
    // Editing the field that was wrong takes its message away.
    if (problem && problem.field in next) setProblem(null);
  }

  async function submit() {
    if (send.isPending) return;
    const found = validateFeedback(draft);
    setProblem(found);
    if (found) return;
    try {
      await send.mutateAsync(feedbackRequest(draft));
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('support.form.sent'));
    setDraft(EMPTY);
    onSent();
  }

  const status = (field: FeedbackField) => (problem?.field === field ? 'error' : undefined);
  const help = (field: FeedbackField) =>
    problem?.field === field ? (
      <span data-testid={`feedback-${field}-error`}>{t(problem.key)}</span>
    ) : undefined;

  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => void submit()}
      className={styles.form}
      data-testid="feedback-form"
    >
      <Form.Item
        label={t('support.form.type')}
        htmlFor="feedback-type"
        validateStatus={status('type')}
        help={help('type')}
      >
        <Select<number>
          id="feedback-type"
          value={draft.type ?? undefined}
          onChange={(type) => change({ type })}
          placeholder={t('support.form.typePlaceholder')}
          loading={types.isLoading}
          status={status('type')}
          options={(types.data ?? []).map((type) => ({
            value: type.id,
            label: <span data-testid={`feedback-type-${type.code}`}>{type.name}</span>,
          }))}
          notFoundContent={
            types.isError ? (
              <span className={styles.selectNote}>
                {t('support.form.typesError')}{' '}
                <Button size="small" type="link" onClick={() => void types.refetch()}>
                  {t('support.retry')}
                </Button>
              </span>
            ) : undefined
          }
          data-testid="feedback-type"
        />
      </Form.Item>
      <Form.Item
        label={t('support.form.title')}
        htmlFor="feedback-title"
        validateStatus={status('title')}
        help={help('title')}
      >
        <Input
          id="feedback-title"
          value={draft.title}
          onChange={(e) => change({ title: e.target.value })}
          placeholder={t('support.form.titlePlaceholder')}
          maxLength={FEEDBACK_MAX_TITLE}
          status={status('title')}
          data-testid="feedback-title"
        />
      </Form.Item>
      <Form.Item
        label={t('support.form.content')}
        htmlFor="feedback-content"
        validateStatus={status('content')}
        help={help('content')}
        className={styles.contentItem}
      >
        <Input.TextArea
          id="feedback-content"
          value={draft.content}
          onChange={(e) => change({ content: e.target.value })}
          placeholder={t('support.form.contentPlaceholder', { min: FEEDBACK_MIN_CONTENT })}
          maxLength={FEEDBACK_MAX_CONTENT}
          autoSize={{ minRows: 5, maxRows: 12 }}
          status={status('content')}
          data-testid="feedback-content"
        />
      </Form.Item>
      <div className={styles.counterLine} aria-live="polite">
        <span
          className={counter.missing > 0 ? styles.counterShort : styles.counterOk}
          data-testid="feedback-counter-hint"
        >
          {counter.missing > 0
            ? t('support.form.missing', { count: counter.missing })
            : t('support.form.enough')}
        </span>
        <span className={styles.counter} data-testid="feedback-counter">
          {t('support.form.count', { count: counter.count, max: counter.max })}
        </span>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={send.isPending}
        className={styles.submit}
        data-testid="feedback-submit"
      >
        {t('support.form.submit')}
      </Button>
    </Form>
  );
}
