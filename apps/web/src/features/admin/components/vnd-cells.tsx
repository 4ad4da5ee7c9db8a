import type { AdminDeposit, AdminWithdrawal } from '@exchange/contract';
import { Typography } from 'antd';
import { formatVnd } from '../../../shared/format/vnd';
import { useTranslation } from '../../../shared/i18n/translation';
import { Amount, FullText } from './review-cells';
import styles from './review-cells.module.css';
import type { DialogDetail } from './review-dialog';

type VndDeposit = NonNullable<AdminDeposit['vnd']>;
type VndWithdrawal = NonNullable<AdminWithdrawal['vnd']>;

/**
 * A VND deposit in the queue: the reference code the transfer must carry, the VND it must bring
 * and the rate fixed with the order, to match against the bank statement.
 */
export function VndDepositCell({ vnd, coin }: { vnd: VndDeposit; coin: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stack} data-testid="deposit-vnd">
      <span className={styles.muted}>{t('admin.vnd.transfer')}</span>
      <Typography.Text
        copyable={{ text: vnd.reference_code }}
        className={styles.mono}
        data-testid="deposit-vnd-ref"
      >
        {vnd.reference_code}
      </Typography.Text>
      <span className={styles.amount} data-testid="deposit-vnd-amount">
        {formatVnd(vnd.amount_vnd)}
      </span>
      <span className={styles.muted}>
        {t('admin.vnd.rateValue', { coin, rate: formatVnd(vnd.rate) })}
      </span>
    </span>
  );
}

/** A VND withdrawal's bank account: bank, account name and number (copyable). */
export function VndAccountCell({ vnd, number }: { vnd: VndWithdrawal; number: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stack} data-testid="withdrawal-vnd-account">
      <span className={styles.muted}>{t('admin.vnd.transfer')}</span>
      <span>{vnd.bank_name}</span>
      <span className={styles.account}>{vnd.account_name}</span>
      <Typography.Text copyable={{ text: number }} className={styles.mono}>
        {number}
      </Typography.Text>
    </span>
  );
}

/** The VND a withdrawal pays, with its rate, under the USDT it takes. */
export function VndPayoutCell({
  vnd,
  receive,
  coin,
}: {
  vnd: VndWithdrawal;
  receive: string;
  coin: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={styles.stack}>
      <Amount value={receive} coin={coin} />
      <strong className={styles.amount} data-testid="withdrawal-vnd-total">
        {formatVnd(vnd.total_amount)}
      </strong>
      <span className={styles.muted}>
        {t('admin.vnd.rateValue', { coin, rate: formatVnd(vnd.rate) })}
      </span>
    </span>
  );
}

/** The facts of a VND deposit's review dialog, after the amount and the user. */
export function useVndDepositDetails(): (vnd: VndDeposit, coin: string) => DialogDetail[] {
  const { t } = useTranslation();
  return (vnd, coin) => [
    { label: t('admin.vnd.reference'), value: <FullText text={vnd.reference_code} /> },
    {
      label: t('admin.vnd.amountVnd'),
      value: (
        <strong className={styles.amount} data-testid="review-vnd-amount">
          {formatVnd(vnd.amount_vnd)}
        </strong>
      ),
    },
    {
      label: t('admin.vnd.rate'),
      value: t('admin.vnd.rateValue', { coin, rate: formatVnd(vnd.rate) }),
    },
  ];
}

/** The facts of a VND withdrawal's review dialog: what to pay, and to which account. */
export function useVndWithdrawalDetails(): (
  vnd: VndWithdrawal,
  number: string,
  coin: string,
) => DialogDetail[] {
  const { t } = useTranslation();
  return (vnd, number, coin) => [
    {
      label: t('admin.vnd.totalVnd'),
      value: (
        <strong className={styles.amount} data-testid="review-vnd-total">
          {formatVnd(vnd.total_amount)}
        </strong>
      ),
    },
    {
      label: t('admin.vnd.rate'),
      value: t('admin.vnd.rateValue', { coin, rate: formatVnd(vnd.rate) }),
    },
    { label: t('admin.vnd.bank'), value: vnd.bank_name },
    { label: t('admin.vnd.accountName'), value: <FullText text={vnd.account_name} /> },
    { label: t('admin.vnd.accountNumber'), value: <FullText text={number} /> },
  ];
}
