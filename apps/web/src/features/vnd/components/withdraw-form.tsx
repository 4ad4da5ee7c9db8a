import { REVIEW } from '@exchange/contract';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useBankInfo } from '../../../shared/api/bank-info';
import { useSetting } from '../../../shared/api/settings';
import { useCheckPaypass, useUserInfo } from '../../../shared/api/user-info';
import { isPositiveDecimal } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatVnd, vndAmount } from '../../../shared/format/vnd';
import { useTranslation } from '../../../shared/i18n/translation';
import { AmountInput } from '../../../shared/ui/amount-input';
import { PasswordField } from '../../../shared/ui/password-field';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useTradeUsdt, useVndWithdraw } from '../api/withdrawal';
import {
  isOverAvailable,
  VND_CREDIT_CODE,
  withdrawAll,
  withdrawProblem,
  type Problem,
} from '../lib/vnd-form';
import styles from './vnd.module.css';

/** Problems of the amount itself, shown under its box (the others in a toast). */
const AMOUNT_PROBLEMS = new Set(['withdraw.p_number', 'amount.invalid', 'amount.precision']);

/**
 * The VND withdrawal form (spec 3 §2): USDT from the trade account at `usd_vnd_withdraw`, paid in
 * whole đồng (rounded down) to the user's bank account. What it needs and is missing (bank
 * account, approved identity, trade password) is said before anything is typed, with the way to
 * it.
 */
export function VndWithdrawForm() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const navigate = useNavigate();
  const usdt = useTradeUsdt();
  const rate = useSetting('usd_vnd_withdraw');
  const bank = useBankInfo();
  const user = useUserInfo();
  const paypass = useCheckPaypass();
  const withdraw = useVndWithdraw();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const open = rate !== undefined && isPositiveDecimal(rate);
  const total = open ? vndAmount(amount, rate, 'floor') : '';
  const over = isOverAvailable(amount, usdt.available);
  const review = user.data?.review_status;
  const identityApproved = review === REVIEW.approved;
  const hasBank = bank.data !== null && bank.data !== undefined;
  // Unknown (still loading) counts as set: the server has the last word.
  const hasPayPassword = paypass.data?.has_pay_password ?? true;
  // Under the amount: more than the balance as soon as it is typed, the rest once sent.
  const shownProblem: Problem | null = over
    ? { key: 'withdraw.num_error' }
    : problem && AMOUNT_PROBLEMS.has(problem.key)
      ? problem
      : null;

  async function submit() {
    if (withdraw.isPending) return;
    const found = withdrawProblem({
      amount,
      available: usdt.available,
      decimals: usdt.decimals,
      rate,
      identityApproved: user.data === undefined || identityApproved,
      hasBank: bank.data === undefined || hasBank,
      password,
    });
    setProblem(found);
    if (found) return toastError(t(found.key, found.params));
    try {
      await withdraw.mutateAsync({ amount, rate: rate ?? '', total, payPassword: password });
    } catch {
      return; // The api client has shown the server's message (rate changed, password, balance…).
    }
    toastSuccess(t('vnd.withdraw.done'));
    void navigate('/withdrawLog');
  }

  return (
    <div className={styles.split}>
      <Form
        className={styles.form}
        layout="vertical"
        requiredMark={false}
        onFinish={() => void submit()}
        data-testid="vnd-withdraw-form"
      >
        <div className={styles.gates}>
          {review !== undefined && !identityApproved && (
            <Alert
              type="warning"
              showIcon
              title={t(
                review === REVIEW.pending
                  ? 'vnd.withdraw.identityPending'
                  : 'vnd.withdraw.identityNone',
              )}
              description={
                <Link to="/personal/authentication" data-testid="vnd-withdraw-identity-link">
                  {t('vnd.withdraw.identityLink')}
                </Link>
              }
              data-testid="vnd-withdraw-identity"
              data-state={review}
            />
          )}
          {!open && rate !== undefined && (
            <Alert
              type="info"
              showIcon
              title={t('vnd.withdraw.noRate')}
              data-testid="vnd-withdraw-no-rate"
            />
          )}
        </div>
        <Form.Item
          label={t('vnd.withdraw.amount')}
          htmlFor="vnd-withdraw-amount"
          validateStatus={shownProblem ? 'error' : undefined}
          help={shownProblem ? t(shownProblem.key, shownProblem.params) : undefined}
          extra={
            <span data-testid="vnd-withdraw-available" data-value={usdt.available ?? ''}>
              {t('vnd.withdraw.available', {
                amount: usdt.available === null ? '—' : format.amount(usdt.available),
                code: VND_CREDIT_CODE,
              })}
            </span>
          }
        >
          <AmountInput
            id="vnd-withdraw-amount"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setProblem(null);
            }}
            code={VND_CREDIT_CODE}
            decimals={usdt.decimals}
            placeholder={t('vnd.withdraw.amountPlaceholder')}
            all={usdt.available === null ? undefined : withdrawAll(usdt.available, usdt.decimals)}
            invalid={shownProblem !== null}
            testId="vnd-withdraw-amount"
          />
        </Form.Item>
        <div className={styles.summary}>
          <div className={styles.line}>
            <span>{t('vnd.withdraw.rate')}</span>
            <span data-testid="vnd-withdraw-rate">
              {open ? t('vnd.rateValue', { rate: formatVnd(rate), code: VND_CREDIT_CODE }) : '—'}
            </span>
          </div>
          <div className={styles.line}>
            <span>{t('vnd.withdraw.total')}</span>
            <span className={styles.big} data-testid="vnd-withdraw-total" data-value={total}>
              {total ? formatVnd(total) : '—'}
            </span>
          </div>
          <div className={styles.sub}>{t('vnd.withdraw.totalHint')}</div>
        </div>
        <div className={styles.bank} data-testid="vnd-withdraw-bank">
          <div className={styles.bankHead}>
            <span>{t('vnd.withdraw.bank')}</span>
            {hasBank && (
              <Link to="/personal/setBank" data-testid="vnd-withdraw-bank-change">
                {t('vnd.withdraw.changeBank')}
              </Link>
            )}
          </div>
          {bank.data ? (
            <dl>
              <div>
                <dt>{t('vnd.withdraw.bankName')}</dt>
                <dd data-testid="vnd-withdraw-bank-name">{bank.data.bank_name}</dd>
              </div>
              <div>
                <dt>{t('vnd.withdraw.accountNumber')}</dt>
                <dd className="num" data-testid="vnd-withdraw-account-number">
                  {bank.data.account_number}
                </dd>
              </div>
              <div>
                <dt>{t('vnd.withdraw.accountName')}</dt>
                <dd data-testid="vnd-withdraw-account-name">{bank.data.account_name}</dd>
              </div>
            </dl>
          ) : bank.data === null ? (
            <Alert
              type="warning"
              showIcon
              title={t('vnd.withdraw.noBank')}
              description={
                <Link to="/personal/setBank" data-testid="vnd-withdraw-set-bank">
                  {t('vnd.withdraw.setBank')}
                </Link>
              }
              data-testid="vnd-withdraw-no-bank"
            />
          ) : (
            <span className={styles.sub}>…</span>
          )}
        </div>
        {!hasPayPassword && (
          <Alert
            type="warning"
            showIcon
            className={styles.notice}
            title={t('vnd.withdraw.noPayPassword')}
            description={
              <Link to="/tradePassword" data-testid="vnd-withdraw-set-paypass">
                {t('vnd.withdraw.setPayPassword')}
              </Link>
            }
            data-testid="vnd-withdraw-no-paypass"
          />
        )}
        <PasswordField
          id="vnd-withdraw-password"
          label={t('vnd.withdraw.password')}
          placeholder={t('vnd.withdraw.passwordPlaceholder')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setProblem(null);
          }}
          autoComplete="off"
        />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={withdraw.isPending}
          disabled={!open}
          data-testid="vnd-withdraw-submit"
        >
          {t('vnd.withdraw.submit')}
        </Button>
      </Form>
      <aside className={styles.aside} aria-labelledby="vnd-withdraw-how">
        <h2 id="vnd-withdraw-how" className={styles.asideTitle}>
          {t('vnd.withdraw.how.title')}
        </h2>
        <ol className={styles.list}>
          <li>{t('vnd.withdraw.how.lock')}</li>
          <li>{t('vnd.withdraw.how.pay')}</li>
          <li>{t('vnd.withdraw.how.rate')}</li>
          <li>{t('vnd.withdraw.how.reject')}</li>
        </ol>
      </aside>
    </div>
  );
}
