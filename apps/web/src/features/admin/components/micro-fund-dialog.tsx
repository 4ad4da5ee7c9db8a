import type { CALLS, CallResponse } from '@exchange/contract';
import { Form } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useMicroFund } from '../api/micro';
import {
  checkAmount,
  checkReason,
  freeBalance,
  MAX_REASON,
  type MicroProblem,
} from '../lib/micro-input';
import { FormDialog, useProblemRule } from './form-dialog';
import { FundForm, type FundValues as Values } from './fund-form';

export type MicroHouseRow = CallResponse<typeof CALLS.adminMicroHouse>[number];

/**
 * Funds or draws the micro house of one currency (a recorded movement from or to the outside
 * world); the server refuses a draw below what the house may have to pay. Mounted only while open.
 */
export function MicroFundDialog({ house, onClose }: { house: MicroHouseRow; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [form] = Form.useForm<Values>();
  const fund = useMicroFund();
  const coin = house.currency;

  const { rule } = useProblemRule<MicroProblem>('micro');

  async function submit(values: Values) {
    try {
      const saved = await fund.mutateAsync({
        currency: coin,
        amount: values.amount.trim(),
        reason: values.reason.trim(),
      });
      toastSuccess(t('admin.micro.funded', { balance: format.amount(saved.balance), coin }));
      onClose();
    } catch {
      // The api client has shown the server's message (e.g. a draw below the exposure).
    }
  }

  return (
    <FormDialog
      testId="micro-fund"
      title={t('admin.micro.fundTitle', { coin })}
      save={t('admin.micro.fundSave')}
      pending={fund.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.micro.fundText')}
    >
      <FundForm
        form={form}
        testId="micro-fund"
        facts={[
          {
            label: t('admin.micro.col.balance'),
            value: `${format.amount(house.balance)} ${coin}`,
            testId: 'micro-fund-balance',
          },
          {
            label: t('admin.micro.col.exposure'),
            value: `${format.amount(house.exposure)} ${coin}`,
          },
          {
            label: t('admin.micro.col.free'),
            value: `${format.amount(freeBalance(house.balance, house.exposure))} ${coin}`,
            testId: 'micro-fund-free',
          },
        ]}
        amountLabel={t('admin.micro.fundAmount', { coin })}
        amountHelp={t('admin.micro.fundAmountHelp')}
        amountRule={rule(checkAmount)}
        reasonRule={rule(checkReason)}
        maxReason={MAX_REASON}
        onFinish={(values) => void submit(values)}
      />
    </FormDialog>
  );
}
