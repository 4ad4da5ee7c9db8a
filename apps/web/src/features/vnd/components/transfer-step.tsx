import { UPLOAD_MAX_MB } from '@exchange/contract';
import { Alert, Button, Form, Popconfirm } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatVnd } from '../../../shared/format/vnd';
import { Trans, useTranslation } from '../../../shared/i18n/translation';
import { CopyField } from '../../../shared/ui/copy-field';
import { secondsLeft } from '../../../shared/ui/countdown';
import { QrCode } from '../../../shared/ui/qr-code';
import { ScreenshotPicker, type Screenshot } from '../../../shared/ui/screenshot-picker';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useNow } from '../../../shared/ui/use-now';
import { useCancelVndOrder, useSubmitVndOrder, type VndPayOrder } from '../api/pay-order';
import { countdownText, isCountdownUrgent } from '../lib/countdown';
import { VND_CREDIT_CODE } from '../lib/vnd-form';
import styles from './vnd.module.css';

/** The VietQR code is drawn 300 px wide (spec 3 §2). */
const QR_SIZE = 300;
/** After the proof is sent, the page says so this long before it returns to step 1. */
export const SUBMITTED_RETURN_MS = 2_000;

interface Props {
  order: VndPayOrder;
  /** The proof was accepted: the order stays on screen, read no more. */
  closed: boolean;
  onClose: (order: VndPayOrder) => void;
  /** Back to step 1: the time ran out, the order was cancelled or is gone. */
  onDone: (reason: 'expired' | 'gone' | null) => void;
}

/**
 * Step 2 of the VND deposit (spec 3 §2): the time left to pay, the exchange's bank account, the
 * exact VND amount and the reference code to write as the transfer's message (each with copy),
 * the VietQR code that fills them in, and the transfer's screenshot to send (or the order to
 * cancel).
 */
export function TransferStep({ order, closed, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const now = useNow(!closed);
  const [screenshot, setScreenshot] = useState<Screenshot | null>(null);
  const submit = useSubmitVndOrder();
  const cancel = useCancelVndOrder();
  const left = secondsLeft(order.expires_at, now);
  const expired = !closed && left === 0;
  const busy = submit.isPending || cancel.isPending || closed;

  // The time to pay is over: back to step 1, which says so.
  useEffect(() => {
    if (expired) onDone('expired');
  }, [expired, onDone]);

  // Accepted: said at once, then back to step 1 a moment later.
  useEffect(() => {
    if (!closed) return;
    const timer = setTimeout(() => onDone(null), SUBMITTED_RETURN_MS);
    return () => clearTimeout(timer);
  }, [closed, onDone]);

  /** The order is no longer there to act on (it expired or was cancelled meanwhile). */
  const gone = (error: unknown) => isApiError(error) && error.key === 'deposit.order_gone';

  async function send() {
    if (busy) return;
    if (!screenshot) return toastError(t('deposit.p_img'));
    try {
      await submit.mutateAsync({ order, imgUrl: screenshot.url });
    } catch (error) {
      // The api client has said why; an order that is gone goes back to step 1.
      if (gone(error)) onDone('gone');
      return;
    }
    toastSuccess(t('vnd.deposit.submitted'));
    onClose(order);
  }

  async function drop() {
    if (busy) return;
    try {
      await cancel.mutateAsync(order);
    } catch (error) {
      if (gone(error)) onDone('gone');
      return;
    }
    toastSuccess(t('vnd.deposit.cancelled'));
    onDone(null);
  }

  const urgent = isCountdownUrgent(order.expires_at, now);
  return (
    <div data-testid="vnd-transfer" data-order={order.id}>
      <div className={styles.timer}>
        <span>
          <span className={styles.timerLabel}>{t('vnd.deposit.timeLeft')}</span>
          <span
            className={`${styles.clock} ${urgent ? styles.urgent : ''}`}
            role="timer"
            aria-live="off"
            data-testid="vnd-countdown"
            data-left={left}
          >
            {countdownText(order.expires_at, now)}
          </span>
        </span>
        <span className={styles.order} data-testid="vnd-order-summary">
          {t('vnd.deposit.orderSummary', {
            id: order.id,
            amount: format.amount(order.chargeNum),
            code: VND_CREDIT_CODE,
          })}
        </span>
      </div>
      {closed && (
        <Alert
          className={styles.notice}
          type="success"
          showIcon
          title={t('vnd.deposit.submitted')}
          data-testid="vnd-submitted"
        />
      )}
      <div className={styles.transfer}>
        <div className={styles.qrSide}>
          <QrCode
            value={order.qr_payload}
            size={QR_SIZE}
            title={t('vnd.deposit.qrTitle')}
            testId="vnd-qr"
          />
          <span>{t('vnd.deposit.qrHint')}</span>
        </div>
        <div className={styles.fields}>
          <CopyField label={t('vnd.deposit.bankName')} value={order.bank_name} testId="vnd-bank" />
          <CopyField
            label={t('vnd.deposit.bankNum')}
            value={order.bank_num}
            testId="vnd-bank-num"
          />
          <CopyField label={t('vnd.deposit.owner')} value={order.owner_name} testId="vnd-owner" />
          <CopyField
            label={t('vnd.deposit.amountVnd')}
            value={order.amountVND}
            display={formatVnd(order.amountVND)}
            testId="vnd-amount-vnd"
          />
          <CopyField
            label={t('vnd.deposit.reference')}
            value={order.referenceCode}
            testId="vnd-reference"
          />
          <Alert
            type="warning"
            showIcon
            title={
              <Trans
                i18nKey="vnd.deposit.referenceNote"
                values={{ code: order.referenceCode }}
                components={{ code: <span className={styles.code} /> }}
              />
            }
            data-testid="vnd-reference-note"
          />
        </div>
      </div>
      <Form
        className={styles.proof}
        layout="vertical"
        requiredMark={false}
        onFinish={() => void send()}
      >
        <Form.Item
          label={t('vnd.deposit.screenshot')}
          htmlFor="vnd-image"
          extra={t('vnd.deposit.screenshotHint', { max_mb: UPLOAD_MAX_MB })}
        >
          <ScreenshotPicker
            id="vnd-image"
            value={screenshot}
            onChange={setScreenshot}
            testId="vnd-image"
          />
        </Form.Item>
        <div className={styles.line}>
          <span>{t('vnd.deposit.receive')}</span>
          <strong data-testid="vnd-credit">
            {format.amount(order.credit_amount)} {VND_CREDIT_CODE}
          </strong>
        </div>
        <div className={styles.buttons}>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            loading={submit.isPending}
            disabled={busy && !submit.isPending}
            data-testid="vnd-submit"
          >
            {t('vnd.deposit.submit')}
          </Button>
          <Popconfirm
            title={t('vnd.deposit.cancelConfirm')}
            description={t('vnd.deposit.cancelConfirmText')}
            okText={t('vnd.deposit.cancelYes')}
            cancelText={t('vnd.deposit.cancelNo')}
            okButtonProps={{ danger: true, 'data-testid': 'vnd-cancel-confirm' }}
            onConfirm={() => void drop()}
            disabled={busy}
          >
            <Button
              size="large"
              danger
              loading={cancel.isPending}
              disabled={busy && !cancel.isPending}
              data-testid="vnd-cancel"
            >
              {t('vnd.deposit.cancel')}
            </Button>
          </Popconfirm>
        </div>
      </Form>
    </div>
  );
}
