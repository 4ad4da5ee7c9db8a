import type { CALLS, CallResponse } from '@exchange/contract';
import { Form, Input } from 'antd';
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
import styles from './micro-dialog.module.css';

export type MicroHouseRow = CallResponse<typeof CALLS.adminMicroHouse>[number];

interface Values {
  amount: string;
  reason: string;
}

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
      <dl className={styles.facts}>
        <div>
          <dt>{t('admin.micro.col.balance')}</dt>
          <dd data-testid="micro-fund-balance">
            {format.amount(house.balance)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('admin.micro.col.exposure')}</dt>
          <dd>
            {format.amount(house.exposure)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('admin.micro.col.free')}</dt>
          <dd data-testid="micro-fund-free">
            {format.amount(freeBalance(house.balance, house.exposure))} {coin}
          </dd>
        </div>
      </dl>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: '', reason: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="micro-fund"
      >
        <Form.Item
          name="amount"
          label={t('admin.micro.fundAmount', { coin })}
          extra={t('admin.micro.fundAmountHelp')}
          rules={[rule(checkAmount)]}
        >
          <Input autoComplete="off" inputMode="decimal" data-testid="micro-fund-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.dialog.reason')} rules={[rule(checkReason)]}>
          <Input.TextArea
            rows={2}
            maxLength={MAX_REASON}
            showCount
            data-testid="micro-fund-reason"
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
