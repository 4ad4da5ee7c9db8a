import { Button, Spin, Steps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { DEPOSIT_RECORDS_HREF } from '../../../shared/ui/hrefs';
import { Result } from '../../../shared/ui/result';
import { AmountStep } from '../components/amount-step';
import { TransferStep } from '../components/transfer-step';
import styles from '../components/vnd.module.css';
import { VndHeader } from '../components/vnd-header';
import { useVndDeposit } from '../hooks/use-vnd-deposit';

/**
 * /rechargeVND (spec 3 §2): buying USDT with a bank transfer in VND, in two steps — the amount,
 * then the transfer (bank account, amount, reference code, VietQR) and its screenshot. The order
 * in step 2 survives a reload. Signed-in users only (the route sends guests to log in).
 */
export function RechargeVndPage() {
  const { t } = useTranslation();
  const deposit = useVndDeposit();
  const { phase } = deposit;
  const current = phase.step === 'amount' ? 0 : 1;

  return (
    <div className={styles.page} data-testid="vnd-deposit-page" data-step={phase.step}>
      <VndHeader title={t('vnd.deposit.title')} subtitle={t('vnd.deposit.subtitle')}>
        <Link to="/recharge" data-testid="vnd-channels-link">
          {t('vnd.deposit.channels')}
        </Link>
        <Link to={DEPOSIT_RECORDS_HREF} data-testid="vnd-records-link">
          {t('vnd.deposit.records')}
        </Link>
      </VndHeader>
      <section className={styles.panel} aria-label={t('vnd.deposit.title')}>
        <Steps
          className={styles.steps}
          current={current}
          size="small"
          responsive={false}
          items={[{ title: t('vnd.deposit.stepAmount') }, { title: t('vnd.deposit.stepTransfer') }]}
          data-testid="vnd-steps"
        />
        {phase.step === 'amount' && <AmountStep notice={phase.notice} onCreated={deposit.start} />}
        {phase.step === 'restoring' && (
          <div className={styles.center} aria-busy data-testid="vnd-restoring">
            <Spin tip={t('vnd.deposit.restoring')} size="large">
              <div style={{ height: 48 }} />
            </Spin>
          </div>
        )}
        {phase.step === 'unreadable' && (
          <div data-testid="vnd-unreadable">
            <Result
              status="warning"
              title={t('vnd.deposit.unreadable')}
              extra={[
                <Button key="retry" type="primary" onClick={phase.retry}>
                  {t('vnd.retry')}
                </Button>,
                <Button key="new" onClick={() => deposit.reset(null)}>
                  {t('vnd.deposit.startAgain')}
                </Button>,
              ]}
            />
          </div>
        )}
        {phase.step === 'transfer' && (
          <TransferStep
            key={phase.order.id}
            order={phase.order}
            closed={deposit.closed}
            onClose={deposit.close}
            onDone={deposit.reset}
          />
        )}
      </section>
    </div>
  );
}
