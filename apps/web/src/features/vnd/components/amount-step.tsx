import { VND_CHARGE_DECIMALS, VND_ORDER_TTL_S } from '@exchange/contract';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useSetting } from '../../../shared/api/settings';
import { isPositiveDecimal } from '../../../shared/format/number';
import { formatVnd, vndAmount } from '../../../shared/format/vnd';
import { useTranslation } from '../../../shared/i18n/translation';
import { AmountInput } from '../../../shared/ui/amount-input';
import { toastError } from '../../../shared/ui/toast';
import { useCreateVndOrder, type VndPayOrder } from '../api/pay-order';
import type { ReturnNotice } from '../hooks/use-vnd-deposit';
import { chargeProblem, VND_CREDIT_CODE, type Problem } from '../lib/vnd-form';
import styles from './vnd.module.css';

/**
 * Step 1 of the VND deposit (spec 3 §2): the USDT to buy, at most 2 decimals, with its VND
 * equivalent at `usd_vnd` as it is typed; Continue makes the order (wallet/createPayOrder).
 */
export function AmountStep({
  notice,
  onCreated,
}: {
  notice: ReturnNotice;
  onCreated: (order: VndPayOrder) => void;
}) {
  const { t } = useTranslation();
  const rate = useSetting('usd_vnd');
  const create = useCreateVndOrder();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [shownNotice, setShownNotice] = useState(notice);
  const open = rate !== undefined && isPositiveDecimal(rate);
  const vnd = open ? vndAmount(amount, rate, 'ceil') : '';

  async function proceed() {
    if (create.isPending) return;
    const found = chargeProblem(amount);
    setProblem(found);
    if (found) return toastError(t(found.key, found.params));
    try {
      onCreated(await create.mutateAsync(amount));
    } catch {
      // The api client has said why (closed, too large, session).
    }
  }

  return (
    <div className={styles.split}>
      <div className={styles.form}>
        {shownNotice && (
          <Alert
            className={styles.notice}
            type="warning"
            showIcon
            closable={{ onClose: () => setShownNotice(null) }}
            title={t(`vnd.deposit.${shownNotice}`)}
            description={
              shownNotice === 'expired'
                ? t('vnd.deposit.expiredText', { minutes: VND_ORDER_TTL_S / 60 })
                : undefined
            }
            data-testid={`vnd-${shownNotice}`}
          />
        )}
        {rate !== undefined && !open && (
          <Alert
            className={styles.notice}
            type="info"
            showIcon
            title={t('vnd.deposit.noRate')}
            data-testid="vnd-no-rate"
          />
        )}
        <Form layout="vertical" requiredMark={false} onFinish={() => void proceed()}>
          <Form.Item
            label={t('vnd.deposit.amount')}
            htmlFor="vnd-amount"
            validateStatus={problem ? 'error' : undefined}
            help={problem ? t(problem.key, problem.params) : undefined}
          >
            <AmountInput
              id="vnd-amount"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setProblem(null);
              }}
              code={VND_CREDIT_CODE}
              decimals={VND_CHARGE_DECIMALS}
              placeholder={t('vnd.deposit.amountPlaceholder')}
              invalid={problem !== null}
              testId="vnd-amount"
            />
          </Form.Item>
          <div className={styles.summary}>
            <div className={styles.line}>
              <span>{t('vnd.deposit.rate')}</span>
              <span data-testid="vnd-rate">
                {open ? t('vnd.rateValue', { rate: formatVnd(rate), code: VND_CREDIT_CODE }) : '—'}
              </span>
            </div>
            <div className={styles.line}>
              <span>{t('vnd.deposit.equivalent')}</span>
              <span className={styles.big} data-testid="vnd-equivalent" data-value={vnd}>
                {vnd ? formatVnd(vnd) : '—'}
              </span>
            </div>
          </div>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={create.isPending}
            disabled={!open}
            data-testid="vnd-proceed"
          >
            {t('vnd.deposit.proceed')}
          </Button>
        </Form>
      </div>
      <aside className={styles.aside} aria-labelledby="vnd-how">
        <h2 id="vnd-how" className={styles.asideTitle}>
          {t('vnd.deposit.how.title')}
        </h2>
        <ol className={styles.list}>
          <li>{t('vnd.deposit.how.order', { minutes: VND_ORDER_TTL_S / 60 })}</li>
          <li>{t('vnd.deposit.how.transfer')}</li>
          <li>{t('vnd.deposit.how.proof')}</li>
          <li>{t('vnd.deposit.how.credit')}</li>
        </ol>
      </aside>
    </div>
  );
}
