import { Form, Input, Radio } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useLeverAdjust } from '../api/lever';
import { checkAmount, checkReason, type LeverProblem } from '../lib/lever-input';
import { FormDialog, useProblemRule } from './form-dialog';

/** The ledger accounts of the leverage desk. */
export const LEVER_ACCOUNTS = { house: 'lever-house', insurance: 'lever-insurance' } as const;
export type LeverAccount = keyof typeof LEVER_ACCOUNTS;

interface Values {
  account: LeverAccount;
  amount: string;
  reason: string;
}

/**
 * Funds or draws the house or insurance account of one currency through the ledger (a recorded
 * adjustment); mounted only while open.
 */
export function LeverFundDialog({
  currency,
  account,
  onClose,
}: {
  currency: string;
  account: LeverAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [form] = Form.useForm<Values>();
  const adjust = useLeverAdjust();

  const { rule } = useProblemRule<LeverProblem>('lever');

  async function submit(values: Values) {
    try {
      const saved = await adjust.mutateAsync({
        user: LEVER_ACCOUNTS[values.account],
        currency,
        amount: values.amount.trim(),
        reason: values.reason.trim(),
        account_type: 1,
      });
      toastSuccess(
        t('admin.lever.funded', {
          account: t(`admin.lever.account.${values.account}`),
          balance: format.amount(saved.balance),
          coin: currency,
        }),
      );
      onClose();
    } catch {
      // The api client has shown the server's message (e.g. a draw below what the house owes).
    }
  }

  return (
    <FormDialog
      testId="lever-fund"
      title={t('admin.lever.fundTitle', { coin: currency })}
      save={t('admin.lever.fundSave')}
      pending={adjust.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.lever.fundText')}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ account, amount: '', reason: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="lever-fund"
      >
        <Form.Item name="account" label={t('admin.lever.fundAccount')}>
          <Radio.Group
            optionType="button"
            options={(['house', 'insurance'] as const).map((key) => ({
              value: key,
              label: (
                <span data-testid={`lever-fund-account-${key}`}>
                  {t(`admin.lever.account.${key}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('admin.lever.fundAmount', { coin: currency })}
          extra={t('admin.lever.fundAmountHelp')}
          rules={[rule(checkAmount)]}
        >
          <Input autoComplete="off" inputMode="decimal" data-testid="lever-fund-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.dialog.reason')} rules={[rule(checkReason)]}>
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="lever-fund-reason" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
