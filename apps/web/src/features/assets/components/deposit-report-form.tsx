import { UPLOAD_MAX_MB, type Wallet } from '@exchange/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useCreatePayOrder } from '../api/create-pay-order';
import { validateDeposit } from '../lib/validate';
import { AmountInput } from '../../../shared/ui/amount-input';
import { ScreenshotPicker, type Screenshot } from '../../../shared/ui/screenshot-picker';

/**
 * Reports a deposit sent to the address above (spec 2 §2, §5; spec 3's form): the quantity and a
 * screenshot of the transfer are required, the sender's address helps the operator find it. It
 * stays pending until an operator confirms it. (The charge panel and the deposit detail page.)
 */
export function DepositReportForm({
  currency,
  wallet,
  onReported,
}: {
  currency: { id: number; code: string };
  wallet: Wallet;
  /** Called once a report is accepted (after the form is emptied and the toast shown). */
  onReported?: () => void;
}) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState('');
  const [sender, setSender] = useState('');
  const [screenshot, setScreenshot] = useState<Screenshot | null>(null);
  const report = useCreatePayOrder();

  async function submit() {
    if (report.isPending) return;
    const error = validateDeposit(quantity, screenshot?.url ?? '');
    if (error) return toastError(t(error));
    try {
      await report.mutateAsync({
        currencyId: currency.id,
        currencyProtocolId: wallet.currency_protocol_id,
        quantity,
        fromAddress: sender,
        depositAddress: wallet.address,
        imgUrl: screenshot?.url ?? '',
      });
    } catch {
      return; // The api client has said why.
    }
    setQuantity('');
    setSender('');
    setScreenshot(null);
    toastSuccess(t('assets.deposit.reported'));
    onReported?.();
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
      <Form.Item
        label={t('assets.deposit.screenshot')}
        htmlFor="deposit-image"
        extra={t('assets.deposit.screenshotHint', { max_mb: UPLOAD_MAX_MB })}
      >
        <ScreenshotPicker id="deposit-image" value={screenshot} onChange={setScreenshot} />
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
