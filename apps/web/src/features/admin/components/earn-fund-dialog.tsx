import type { EarnProductAdmin } from '@exchange/contract';
import { Form, Input } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useEarnFund } from '../api/earn';
import { checkFundAmount, checkReason, MAX_REASON, type EarnProblem } from '../lib/earn-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './micro-dialog.module.css';

interface Values {
  amount: string;
  reason: string;
}

/**
 * Funds or draws back the interest reserve of one product (a recorded movement from or to the
 * outside world); the server refuses a draw beyond what is promised to nobody. Mounted only
 * while open.
 */
export function EarnFundDialog({
  product,
  onClose,
}: {
  product: EarnProductAdmin;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [form] = Form.useForm<Values>();
  const fund = useEarnFund();
  const coin = product.currency_code;
  const name = product.name;

  const { rule } = useProblemRule<EarnProblem>('earn', { decimals: String(product.decimals) });

  async function submit(values: Values) {
    try {
      const saved = await fund.mutateAsync({
        id: product.id,
        amount: values.amount.trim(),
        reason: values.reason.trim(),
      });
      toastSuccess(t('admin.earn.funded', { name, reserve: format.amount(saved.reserve), coin }));
      onClose();
    } catch {
      // The api client has shown the server's message (e.g. a draw beyond the free reserve).
    }
  }

  return (
    <FormDialog
      testId="earn-fund"
      title={t('admin.earn.fundTitle', { name })}
      save={t('admin.earn.fundSave')}
      pending={fund.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.earn.fundText')}
    >
      <dl className={styles.facts}>
        <div>
          <dt>{t('admin.earn.col.reserve')}</dt>
          <dd data-testid="earn-fund-reserve">
            {format.amount(product.reserve)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('admin.earn.col.owed')}</dt>
          <dd data-testid="earn-fund-owed">
            {format.amount(product.owed)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('admin.earn.col.paid')}</dt>
          <dd>
            {format.amount(product.paid)} {coin}
          </dd>
        </div>
      </dl>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: '', reason: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="earn-fund"
      >
        <Form.Item
          name="amount"
          label={t('admin.earn.fundAmount', { coin })}
          extra={t('admin.earn.fundAmountHelp')}
          rules={[rule((text) => checkFundAmount(text, product.decimals))]}
        >
          <Input autoComplete="off" inputMode="decimal" data-testid="earn-fund-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.dialog.reason')} rules={[rule(checkReason)]}>
          <Input.TextArea
            rows={2}
            maxLength={MAX_REASON}
            showCount
            data-testid="earn-fund-reason"
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
