import type { AssetCurrency, Wallet } from '@exchange/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useCreatePayOrder } from '../api/create-pay-order';
import { validateDeposit } from '../lib/validate';
import { AmountInput } from './amount-input';

/**
 * Reports a deposit sent to the address above (spec 2 §2, §5): the quantity is required, the
 * sender's address helps the operator find it. It stays pending until an operator confirms it.
 */
export function DepositReportForm({
  currency,
  wallet,
}: {
  currency: AssetCurrency;
  wallet: Wallet;
}) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState('');
  const [sender, setSender] = useState('');
  const report = useCreatePayOrder();

  async function submit() {
    if (report.isPending) return;
    const error = validateDeposit(quantity);
    if (error) return toastError(t(error));
    try {
      await report.mutateAsync({
        currencyId: currency.id,
        currencyProtocolId: wallet.currency_protocol_id,
        quantity,
        fromAddress: sender,
        depositAddress: wallet.address,
      });
    } catch {
      return; // The api client has said why.
    }
    setQuantity('');
    setSender('');
    toastSuccess(t('assets.deposit.reported'));
  }

  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
      <Form.Item label={t('assets.deposit.quantity')} htmlFor="deposit-quantity">
        <AmountInput
          id="deposit-quantity"
          value={quantity}
          onChange={setQuantity}
          code={currency.code}
          placeholder={t('assets.deposit.quantityPlaceholder')}
          testId="deposit-quantity"
        />
      </Form.Item>
      <Form.Item
        label={t('assets.deposit.sender')}
        htmlFor="deposit-sender"
        extra={t('assets.deposit.senderHint')}
      >
        <Input
          id="deposit-sender"
          value={sender}
          onChange={(e) => setSender(e.target.value)}
          placeholder={t('assets.deposit.senderPlaceholder')}
          autoComplete="off"
          maxLength={128}
          data-testid="deposit-sender"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={report.isPending}
        data-testid="deposit-submit"
      >
        {t('assets.deposit.submit')}
      </Button>
    </Form>
  );
}
