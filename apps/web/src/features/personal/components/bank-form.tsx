import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useBankUpdate } from '../api/bank-info';
import {
  bankRequest,
  EMPTY_BANK,
  validateBank,
  type BankField,
  type BankForm as BankValues,
} from '../lib/bank-form';
import styles from './collection.module.css';
import { focusField } from './photo-upload-focus';

const FIELDS: { field: BankField; maxLength: number; testId: string }[] = [
  { field: 'bank_name', maxLength: 100, testId: 'bank-name' },
  { field: 'account_number', maxLength: 40, testId: 'bank-account-number' },
  { field: 'account_name', maxLength: 60, testId: 'bank-account-name' },
];

const inputId = (field: BankField) => `bank-${field}`;

/**
 * The bank account withdrawals are paid to (spec 3 screen 8): the bank, the account number and
 * the holder's name, filled with the saved one; checked top to bottom with the server's messages.
 */
export function BankForm({ saved }: { saved: BankValues | null }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<BankValues>(() => (saved ? bankRequest(saved) : EMPTY_BANK));
  const update = useBankUpdate();

  async function send() {
    if (update.isPending) return;
    const problem = validateBank(form);
    if (problem) {
      toastError(t(problem.key), 'bank-form');
      focusField(inputId(problem.field));
      return;
    }
    try {
      await update.mutateAsync(bankRequest(form));
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('payee.bank.saved'));
  }

  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => void send()}
      className={styles.form}
      data-testid="bank-form"
    >
      {FIELDS.map(({ field, maxLength, testId }) => (
        <Form.Item
          key={field}
          label={t(`payee.bank.${field}`)}
          htmlFor={inputId(field)}
          extra={field === 'account_name' ? t('payee.bank.account_nameHint') : undefined}
        >
          <Input
            id={inputId(field)}
            value={form[field]}
            onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
            placeholder={t(`payee.bank.${field}Placeholder`)}
            autoComplete={field === 'account_name' ? 'name' : 'off'}
            inputMode={field === 'account_number' ? 'numeric' : undefined}
            maxLength={maxLength}
            data-testid={testId}
          />
        </Form.Item>
      ))}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={update.isPending}
        className={styles.submit}
        data-testid="bank-save"
      >
        {t('payee.save')}
      </Button>
    </Form>
  );
}
