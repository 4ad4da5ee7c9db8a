import type { AccountGroup } from '@exchange/contract';
import { SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useTransfer } from '../api/transfer';
import { transferableCurrencies } from '../lib/currencies';
import { accountLabelKey } from '../lib/menu';
import {
  firstOtherAccount,
  initialDirection,
  transferAccounts,
  type TransferAccount,
} from '../lib/transfer-accounts';
import { validateTransfer } from '../lib/validate';
import { AmountInput } from '../../../shared/ui/amount-input';
import { AssetForm, CurrencyField, SubmitButton } from './asset-form';
import styles from './panel.module.css';

/** A fresh id per attempt: a double click, or a retry after a lost answer, moves the amount once. */
function newAttempt(): string {
  return crypto.randomUUID();
}

/**
 * Transfer between the user's own accounts (spec 2 §2, §4, §5): currency, from and to (each with
 * its balance; choosing from sets to to the first other account), amount, confirm.
 */
export function TransferForm({
  groups,
  initialCurrencyId,
}: {
  groups: readonly AccountGroup[];
  initialCurrencyId: number | undefined;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const currencies = transferableCurrencies(groups);
  const [currencyId, setCurrencyId] = useState(initialCurrencyId);
  const currency = currencies.find((c) => c.id === currencyId) ?? currencies[0];
  const accounts = currency ? transferAccounts(currency, groups) : [];
  const [direction, setDirection] = useState(() => initialDirection(accounts));
  const [amount, setAmount] = useState('');
  const [attempt, setAttempt] = useState(newAttempt);
  const transfer = useTransfer();

  if (!currency) return <Alert type="info" showIcon title={t('assets.transfer.noCurrency')} />;
  const from = accounts.find((a) => a.id === direction.from) ?? accounts[0];
  const toId =
    direction.to !== from?.id && direction.to !== undefined
      ? direction.to
      : from && firstOtherAccount(accounts, from.id);
  const to = accounts.find((a) => a.id === toId);

  /** Any change makes the next confirm a new attempt. */
  const edit = () => setAttempt(newAttempt());

  const chooseCurrency = (id: number) => {
    const next = currencies.find((c) => c.id === id);
    setCurrencyId(id);
    setDirection(initialDirection(next ? transferAccounts(next, groups) : []));
    setAmount('');
    edit();
  };
  const chooseFrom = (id: number) => {
    setDirection({ from: id, to: firstOtherAccount(accounts, id) });
    edit();
  };
  const chooseTo = (id: number) => {
    setDirection({ from: from?.id, to: id });
    edit();
  };
  const swap = () => {
    if (from && to) setDirection({ from: to.id, to: from.id });
    edit();
  };
  const changeAmount = (value: string) => {
    setAmount(value);
    edit();
  };

  async function submit() {
    if (transfer.isPending || !currency || !from || !to) return;
    const error = validateTransfer(amount);
    if (error) return toastError(t(error));
    try {
      await transfer.mutateAsync({
        currencyId: currency.id,
        amount,
        from: from.id,
        to: to.id,
        clientId: attempt,
      });
    } catch {
      return; // The api client has said why; the same attempt may be retried as it is.
    }
    setAmount('');
    setAttempt(newAttempt());
    toastSuccess(t('assets.transfer.done'));
  }

  const label = (a: TransferAccount) => {
    const key = accountLabelKey(a.id);
    return key ? t(key) : a.name;
  };
  const option = (a: TransferAccount) => ({
    value: a.id,
    label: (
      <span
        className={styles.line}
        style={{ padding: 0 }}
        data-testid={`transfer-option-${a.code}`}
      >
        <span>{label(a)}</span>
        <span>
          {format.amount(a.balance, 0)} {currency.code}
        </span>
      </span>
    ),
  });
  const logHref = `/assets/transferLog?currency_id=${String(currency.id)}&currency_code=${encodeURIComponent(currency.code)}`;

  return (
    <AssetForm onSubmit={submit} testId="transfer-form">
      <CurrencyField
        id="transfer-currency"
        options={currencies.map((c) => ({ id: c.id, code: c.code }))}
        value={currency.id}
        onChange={chooseCurrency}
      />
      <Form.Item label={t('assets.transfer.from')} htmlFor="transfer-from">
        <Select<number>
          id="transfer-from"
          value={from?.id}
          onChange={chooseFrom}
          options={accounts.map(option)}
          data-testid="transfer-from"
        />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'center', margin: '-12px 0 4px' }}>
        <Button
          shape="circle"
          icon={<SwapOutlined rotate={90} />}
          onClick={swap}
          disabled={!to}
          aria-label={t('assets.transfer.swap')}
          data-testid="transfer-swap"
        />
      </div>
      <Form.Item label={t('assets.transfer.to')} htmlFor="transfer-to">
        <Select<number>
          id="transfer-to"
          value={to?.id}
          onChange={chooseTo}
          options={accounts.filter((a) => a.id !== from?.id).map(option)}
          data-testid="transfer-to"
        />
      </Form.Item>
      <Form.Item
        label={t('assets.transfer.amount')}
        htmlFor="transfer-amount"
        extra={
          from &&
          t('assets.form.available', {
            amount: format.amount(from.balance, 0),
            code: currency.code,
          })
        }
      >
        <AmountInput
          id="transfer-amount"
          value={amount}
          onChange={changeAmount}
          code={currency.code}
          placeholder={t('assets.transfer.amountPlaceholder')}
          all={from?.balance}
          testId="transfer-amount"
        />
      </Form.Item>
      <SubmitButton loading={transfer.isPending} disabled={!from || !to} testId="transfer-submit">
        {t('assets.transfer.submit')}
      </SubmitButton>
      <p style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to={logHref} data-testid="transfer-log-link">
          {t('assets.transfer.records', { coin: currency.code })}
        </Link>
      </p>
    </AssetForm>
  );
}
