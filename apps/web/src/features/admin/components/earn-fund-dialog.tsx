import type { EarnProductAdmin } from '@exchange/contract';
import { Form } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useEarnFund } from '../api/earn';
import { checkFundAmount, checkReason, MAX_REASON, type EarnProblem } from '../lib/earn-input';
import { FormDialog, useProblemRule } from './form-dialog';
import { FundForm, type FundValues as Values } from './fund-form';

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
      <FundForm
        form={form}
        testId="earn-fund"
        facts={[
          {
            label: t('admin.earn.col.reserve'),
            value: `${format.amount(product.reserve)} ${coin}`,
            testId: 'earn-fund-reserve',
          },
          {
            label: t('admin.earn.col.owed'),
            value: `${format.amount(product.owed)} ${coin}`,
            testId: 'earn-fund-owed',
          },
          { label: t('admin.earn.col.paid'), value: `${format.amount(product.paid)} ${coin}` },
        ]}
        amountLabel={t('admin.earn.fundAmount', { coin })}
        amountHelp={t('admin.earn.fundAmountHelp')}
        amountRule={rule((text) => checkFundAmount(text, product.decimals))}
        reasonRule={rule(checkReason)}
        maxReason={MAX_REASON}
        onFinish={(values) => void submit(values)}
      />
    </FormDialog>
  );
}
