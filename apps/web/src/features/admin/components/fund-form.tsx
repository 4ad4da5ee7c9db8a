import { Form, Input, type FormInstance, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import styles from './micro-dialog.module.css';

export interface FundValues {
  amount: string;
  reason: string;
}

/** One figure above the form: its label, its value and, when a test reads it, its test id. */
export interface FundFact {
  label: string;
  value: ReactNode;
  testId?: string;
}

/**
 * The body of a dialog that moves money between a system account and the outside world (the micro
 * house, an earning product's reserve): the account's figures, then the signed amount and the
 * reason the audit log keeps. The test ids are `<testId>`, `<testId>-amount`, `<testId>-reason`.
 */
export function FundForm({
  form,
  testId,
  facts,
  amountLabel,
  amountHelp,
  amountRule,
  reasonRule,
  maxReason,
  onFinish,
}: {
  form: FormInstance<FundValues>;
  testId: string;
  facts: FundFact[];
  amountLabel: string;
  amountHelp: string;
  amountRule: FormRule;
  reasonRule: FormRule;
  maxReason: number;
  onFinish: (values: FundValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <dl className={styles.facts}>
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd data-testid={f.testId}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <Form<FundValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: '', reason: '' }}
        onFinish={onFinish}
        data-testid={testId}
      >
        <Form.Item name="amount" label={amountLabel} extra={amountHelp} rules={[amountRule]}>
          <Input autoComplete="off" inputMode="decimal" data-testid={`${testId}-amount`} />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.dialog.reason')} rules={[reasonRule]}>
          <Input.TextArea
            rows={2}
            maxLength={maxReason}
            showCount
            data-testid={`${testId}-reason`}
          />
        </Form.Item>
      </Form>
    </>
  );
}
