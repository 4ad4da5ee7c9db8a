import { earnMaths } from '@exchange/contract';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../shared/api/client';
import { useCheckPaypass } from '../../../shared/api/user-info';
import { formatDateTime } from '../../../shared/format/date';
import { cleanDecimalInput } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { PasswordField } from '../../../shared/ui/password-field';
import { useEarnSubscribe, useFinancialBalance, type EarnProduct } from '../api/earn';
import {
  amountProblem,
  earnPreview,
  limitOf,
  maxAmount,
  quotaLeft,
  userLeft,
  type AmountProblem,
} from '../lib/earn-form';
import { useRateText } from './earn-texts';
import styles from './earn.module.css';

/** Parameters of a problem that are amounts: shown in the language's figures. */
const AMOUNT_PARAMS = new Set(['min', 'max', 'left', 'available', 'reserve']);

/**
 * The confirmation of a subscription: the amount (checked as it is typed against the limits,
 * what is left and the financial account's balance), what it earns a day and over the term,
 * when it matures, where the interest comes from, that it cannot be redeemed early, and the
 * trade password (or, without one, the way to set it). Mounted only while open.
 */
export function SubscribeDialog({
  product,
  onClose,
}: {
  product: EarnProduct;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const rateText = useRateText();
  const financial = useFinancialBalance(product.currency_id);
  const paypass = useCheckPaypass();
  const subscribe = useEarnSubscribe();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);

  const code = product.currency_code;
  const money = (value: string) => `${format.amount(value)} ${code}`;
  const available = financial.balance;
  const now = Date.now();
  const problem = amountProblem(amount, product, available);
  const preview = earnPreview(amount, product, now);
  const maturity = earnMaths.maturityAt(earnMaths.earnDayOf(now), product.days);
  const noPassword = paypass.data?.has_pay_password === false;
  const shownProblem = problem && (tried || amount !== '') ? problem : null;
  const passwordMissing = tried && password.trim() === '';
  const most = maxAmount(product, available);
  const max = limitOf(product.max_number);
  const forUser = userLeft(product);
  const forQuota = quotaLeft(product);

  const text = (p: AmountProblem) =>
    t(
      p.key,
      Object.fromEntries(
        Object.entries(p.params ?? {}).map(([k, v]) => [
          k,
          AMOUNT_PARAMS.has(k) ? format.amount(v) : v,
        ]),
      ),
    );

  const submit = () => {
    setTried(true);
    if (problem !== null || preview === null || noPassword || password.trim() === '') return;
    subscribe.mutate(
      { id: product.id, number: preview.amount, pay_password: password },
      {
        onSuccess: () => {
          toastSuccess(
            t('financial.buy.done', {
              amount: format.amount(preview.amount),
              currency: code,
              name: product.name,
            }),
          );
          onClose();
        },
        // A refusal: the api client has shown the server's message; the dialog keeps the amount.
      },
    );
  };

  return (
    <Modal
      open
      title={
        <span data-testid="earn-dialog-title">
          {t('financial.buy.title', { name: product.name })}
        </span>
      }
      onCancel={onClose}
      maskClosable={!subscribe.isPending}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="earn-dialog-cancel">
          {t('financial.buy.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={subscribe.isPending}
          disabled={noPassword}
          onClick={submit}
          data-testid="earn-dialog-confirm"
        >
          {t('financial.buy.confirm')}
        </Button>,
      ]}
    >
      <div className={styles.dialog} data-testid="earn-dialog">
        {noPassword && (
          <Alert
            type="warning"
            showIcon
            title={t('financial.buy.noPassword')}
            action={
              <Link to="/tradePassword" data-testid="earn-set-paypass">
                {t('financial.buy.setPassword')}
              </Link>
            }
            data-testid="earn-no-paypass"
          />
        )}
        <dl className={styles.summary}>
          <div>
            <dt>{t('financial.card.term')}</dt>
            <dd className="num" data-testid="earn-dialog-days">
              {t('financial.card.days', { n: product.days })}
            </dd>
          </div>
          <div>
            <dt>{t('financial.card.rate')}</dt>
            <dd className="num up" data-testid="earn-dialog-rate">
              {rateText(product.rate)}
            </dd>
          </div>
          <div>
            <dt>{t('financial.card.payout')}</dt>
            <dd>{t(`financial.payout.${product.payout}`)}</dd>
          </div>
        </dl>
        <p className={styles.available}>
          <span>
            {t('financial.buy.available')}{' '}
            <b className="num" data-testid="earn-available" data-value={available ?? ''}>
              {available === null ? '—' : money(available)}
            </b>
          </span>
          <Link
            to={`/assets/transfer?currency_id=${String(product.currency_id)}`}
            data-testid="earn-dialog-transfer"
          >
            {t('financial.buy.transfer')}
          </Link>
        </p>
        <Form layout="vertical" requiredMark={false} onFinish={submit} className={styles.form}>
          <Form.Item
            label={t('financial.buy.amount')}
            htmlFor="earn-amount"
            validateStatus={shownProblem ? 'error' : undefined}
            help={
              shownProblem ? (
                <span role="alert" data-testid="earn-amount-problem">
                  {text(shownProblem)}
                </span>
              ) : undefined
            }
            extra={
              <span className={styles.limits} data-testid="earn-dialog-limits">
                <span>
                  {max === null
                    ? t('financial.card.minOnly', {
                        min: format.amount(product.min_number),
                        currency: code,
                      })
                    : t('financial.card.range', {
                        min: format.amount(product.min_number),
                        max: format.amount(max),
                        currency: code,
                      })}
                </span>
                {forUser !== null && (
                  <span>
                    {t('financial.buy.userLeft', { left: format.amount(forUser), currency: code })}
                  </span>
                )}
                {forQuota !== null && (
                  <span>
                    {t('financial.buy.quotaLeft', {
                      left: format.amount(forQuota),
                      currency: code,
                    })}
                  </span>
                )}
              </span>
            }
          >
            <Space.Compact block>
              <Input
                id="earn-amount"
                value={amount}
                onChange={(e) => setAmount(cleanDecimalInput(e.target.value, product.decimals))}
                placeholder={t('financial.buy.amountPlaceholder', {
                  min: format.amount(product.min_number),
                })}
                inputMode="decimal"
                autoComplete="off"
                suffix={code}
                maxLength={40}
                autoFocus
                data-testid="earn-amount"
              />
              <Button
                onClick={() => most !== null && setAmount(most)}
                disabled={most === null || most === '0'}
                data-testid="earn-max"
              >
                {t('financial.buy.max')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <dl className={styles.confirm} data-testid="earn-preview">
            <div>
              <dt>{t('financial.buy.daily')}</dt>
              <dd
                className="num up"
                data-testid="earn-preview-daily"
                data-value={preview?.daily ?? ''}
              >
                {preview ? money(preview.daily) : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('financial.buy.total')}</dt>
              <dd
                className="num up"
                data-testid="earn-preview-total"
                data-value={preview?.total ?? ''}
              >
                {preview ? money(preview.total) : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('financial.buy.maturity')}</dt>
              <dd className="num" data-testid="earn-preview-maturity" data-value={maturity}>
                {formatDateTime(maturity)}
              </dd>
            </div>
          </dl>
          <div className={styles.source}>
            <h4 className={styles.sourceTitle}>{t('financial.card.yieldSource')}</h4>
            <p className={styles.sourceText} data-testid="earn-dialog-yield-source">
              {product.yield_source}
            </p>
          </div>
          <Alert
            type="warning"
            showIcon
            className={styles.notice}
            title={t('financial.buy.lockTitle')}
            description={t('financial.buy.lockText', {
              days: product.days,
              date: formatDateTime(maturity),
            })}
            data-testid="earn-lock-notice"
          />
          <PasswordField
            id="earn-password"
            label={t('financial.buy.password')}
            placeholder={t('financial.buy.passwordPlaceholder')}
            value={password}
            onChange={setPassword}
            autoComplete="off"
            extra={
              passwordMissing ? (
                <span className="down" role="alert" data-testid="earn-password-problem">
                  {t('financial.buy.passwordRequired')}
                </span>
              ) : undefined
            }
          />
        </Form>
      </div>
    </Modal>
  );
}
