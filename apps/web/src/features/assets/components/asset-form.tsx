import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { CurrencySelect } from './currency-select';
import styles from './panel.module.css';

/** A form of the assets pages: labels above the fields, no required marks; Enter submits. */
export function AssetForm({
  onSubmit,
  testId,
  children,
}: {
  onSubmit: () => Promise<void>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Form
      className={styles.form}
      layout="vertical"
      requiredMark={false}
      onFinish={() => void onSubmit()}
      data-testid={testId}
    >
      {children}
    </Form>
  );
}

/** The currency a form is about; `id` names the select for its label and for the tests. */
export function CurrencyField({
  id,
  options,
  value,
  onChange,
}: {
  id: string;
  options: readonly { id: number; code: string }[];
  value: number;
  onChange: (currencyId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('assets.form.currency')} htmlFor={id}>
      <CurrencySelect id={id} options={options} value={value} onChange={onChange} testId={id} />
    </Form.Item>
  );
}

/** The confirm button under a form: full width, large, spinning while the request runs. */
export function SubmitButton({
  loading,
  disabled,
  testId,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      loading={loading}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
