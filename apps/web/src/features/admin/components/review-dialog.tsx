import type { ErrorKey } from '@exchange/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import styles from './review-dialog.module.css';

export interface DialogInput {
  label: string;
  placeholder: string;
  /** The client's check, with the key the server would answer (review.p_reason, review.p_tx_ref). */
  check: (value: string) => ErrorKey | null;
  multiline?: boolean;
  /** Lines of a multiline input (3 without). */
  rows?: number;
  maxLength: number;
}

export interface DialogDetail {
  label: string;
  value: ReactNode;
}

interface Props {
  title: string;
  /** What the action does to the user's money, said before it is done. */
  description: ReactNode;
  /** The facts to check before confirming (amount, user, addresses). */
  details: DialogDetail[];
  /** Shown whole-width below the facts (an identity's photos). */
  extra?: ReactNode;
  /** The dialog's width in px (antd's 520 without). */
  width?: number;
  /** A reason or a payout reference; none for a plain confirmation. */
  input?: DialogInput;
  okText: string;
  danger?: boolean;
  loading: boolean;
  /** The trimmed input ('' without one). */
  onSubmit: (value: string) => void;
  onClose: () => void;
}

/** The confirmation of a review action; mounted only while open, so it starts empty each time. */
export function ReviewDialog(props: Props) {
  const { t } = useTranslation();
  const { input } = props;
  const [value, setValue] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);

  function submit() {
    if (props.loading) return;
    const problem = input ? input.check(value) : null;
    setError(problem);
    if (!problem) props.onSubmit(value.trim());
  }

  const field = {
    id: 'review-input',
    value,
    placeholder: input?.placeholder,
    maxLength: input?.maxLength,
    status: error ? ('error' as const) : undefined,
    'data-testid': 'review-input',
    autoFocus: true,
  };

  return (
    <Modal
      open
      width={props.width}
      title={<span data-testid="review-dialog-title">{props.title}</span>}
      onCancel={props.onClose}
      maskClosable={!props.loading}
      footer={[
        <Button key="cancel" onClick={props.onClose} data-testid="review-cancel">
          {t('admin.dialog.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={props.danger}
          loading={props.loading}
          onClick={submit}
          data-testid="review-confirm"
        >
          {props.okText}
        </Button>,
      ]}
    >
      <div data-testid="review-dialog">
        <p>{props.description}</p>
        <dl className={styles.details}>
          {props.details.map((d) => (
            <div key={d.label} className={styles.detail}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
        {props.extra !== undefined && <div className={styles.extra}>{props.extra}</div>}
        {input && (
          <Form layout="vertical" requiredMark={false} onFinish={submit}>
            <Form.Item
              label={input.label}
              htmlFor="review-input"
              validateStatus={error ? 'error' : undefined}
              help={error ? <span data-testid="review-input-error">{t(error)}</span> : undefined}
            >
              {input.multiline ? (
                <Input.TextArea
                  {...field}
                  rows={input.rows ?? 3}
                  onChange={(e) => setValue(e.target.value)}
                  showCount
                />
              ) : (
                <Input {...field} onChange={(e) => setValue(e.target.value)} />
              )}
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
