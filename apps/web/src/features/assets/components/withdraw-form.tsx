import type { AccountGroup, BoundAddress } from '@exchange/contract';
import { Alert, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { PasswordField } from '../../../shared/ui/password-field';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useDraw } from '../api/draw';
import { feePercent, receiveAmount } from '../lib/amounts';
import { defaultProtocol, drawableAccounts } from '../lib/currencies';
import { validateWithdraw } from '../lib/validate';
import { AmountInput } from '../../../shared/ui/amount-input';
import { AssetForm, CurrencyField, SubmitButton } from './asset-form';
import { ChainSelect } from './chain-select';
import styles from './panel.module.css';

interface Props {
  groups: readonly AccountGroup[];
  addresses: readonly BoundAddress[];
  /** False when user/checkPaypass says no trade password is set. */
  hasPayPassword: boolean;
  initialCurrencyId: number | undefined;
}

/**
 * The withdraw form (spec 2 §2, §5): currency, chain, a bound address, amount with the available
 * balance and the minimum, fee percent, receive amount, trade password. Minimum, maximum and
 * balance are the server's to check; its translated message is shown.
 */
export function WithdrawForm({ groups, addresses, hasPayPassword, initialCurrencyId }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const rows = drawableAccounts(groups);
  const [currencyId, setCurrencyId] = useState(initialCurrencyId);
  const [protocolId, setProtocolId] = useState<number | undefined>(undefined);
  const [addressId, setAddressId] = useState<number | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const draw = useDraw();

  const row = rows.find((r) => r.currency_id === currencyId) ?? rows[0];
  if (!row) return <Alert type="info" showIcon title={t('assets.withdraw.noCurrency')} />;
  const currency = row.currency;
  const protocols = currency.currency_protocols;
  const protocol = defaultProtocol(currency, addresses, protocolId);
  const bound = addresses.filter(
    (a) =>
      a.currency_id === currency.id &&
      (protocol === undefined || a.currency_protocol_id === protocol.id),
  );
  const address = bound.find((a) => a.id === addressId);
  const receive = receiveAmount(amount, currency.draw_rate);
  const bindHref = `/assets/bindAddr?currency_id=${String(currency.id)}${
    protocol ? `&currency_protocol_id=${String(protocol.id)}` : ''
  }`;

  const chooseCurrency = (id: number) => {
    setCurrencyId(id);
    setProtocolId(undefined);
    setAddressId(undefined);
    setAmount('');
  };
  const chooseChain = (id: number) => {
    setProtocolId(id);
    setAddressId(undefined);
  };

  async function submit() {
    if (draw.isPending) return;
    const error = validateWithdraw({ address: address?.address ?? '', amount, password });
    if (error) return toastError(t(error));
    try {
      await draw.mutateAsync({
        currencyId: currency.id,
        currencyProtocolId: protocol?.id,
        address: address?.address ?? '',
        memo: address?.memo ?? '',
        amount,
        payPassword: password,
      });
    } catch {
      return; // The api client has shown the server's message (minimum, balance, password…).
    }
    setAmount('');
    setPassword('');
    toastSuccess(t('assets.withdraw.done'));
  }

  return (
    <AssetForm onSubmit={submit} testId="withdraw-form">
      <CurrencyField
        id="withdraw-currency"
        options={rows.map((r) => ({ id: r.currency_id, code: r.currency_code }))}
        value={currency.id}
        onChange={chooseCurrency}
      />
      <ChainSelect
        protocols={protocols}
        value={protocol?.id}
        onChange={chooseChain}
        testId="withdraw-chain"
      />
      <Form.Item label={t('assets.withdraw.address')} htmlFor="withdraw-address">
        {bound.length === 0 ? (
          <Alert
            type="info"
            showIcon
            title={t('assets.withdraw.noAddress', {
              coin: currency.code,
              chain: protocol?.chain_protocol.code ?? '',
            })}
            action={
              <Link to={bindHref} data-testid="withdraw-bind-link">
                {t('assets.withdraw.bindLink')}
              </Link>
            }
            data-testid="withdraw-no-address"
          />
        ) : (
          <Select<number>
            id="withdraw-address"
            value={address?.id}
            onChange={setAddressId}
            placeholder={t('assets.withdraw.addressPlaceholder')}
            options={bound.map((a) => ({
              value: a.id,
              label: a.memo ? `${a.address} (${a.memo})` : a.address,
            }))}
            popupRender={(menu) => (
              <>
                {menu}
                <Link to={bindHref} style={{ display: 'block', padding: '6px 12px' }}>
                  {t('assets.withdraw.bindAnother')}
                </Link>
              </>
            )}
            data-testid="withdraw-address"
          />
        )}
      </Form.Item>
      <Form.Item
        label={t('assets.withdraw.amount')}
        htmlFor="withdraw-amount"
        extra={
          <span data-testid="withdraw-limits">
            {t('assets.form.available', {
              amount: format.amount(row.balance, 0),
              code: currency.code,
            })}
            {' · '}
            {t('assets.withdraw.minimum', {
              amount: format.amount(currency.draw_min, 0),
              code: currency.code,
            })}
          </span>
        }
      >
        <AmountInput
          id="withdraw-amount"
          value={amount}
          onChange={setAmount}
          code={currency.code}
          placeholder={t('assets.withdraw.amountPlaceholder')}
          all={row.balance}
          testId="withdraw-amount"
        />
      </Form.Item>
      <div className={styles.line}>
        <span>{t('assets.withdraw.fee')}</span>
        <span data-testid="withdraw-fee">{feePercent(currency.draw_rate)} %</span>
      </div>
      <div className={styles.line} style={{ marginBottom: 16 }}>
        <span>{t('assets.withdraw.receive')}</span>
        <strong data-testid="withdraw-receive">
          {receive ? `${format.amount(receive, 0)} ${currency.code}` : '—'}
        </strong>
      </div>
      {!hasPayPassword && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('assets.withdraw.noPayPassword')}
          action={
            <Link to="/tradePassword" data-testid="withdraw-set-paypass">
              {t('assets.withdraw.setPayPassword')}
            </Link>
          }
          data-testid="withdraw-no-paypass"
        />
      )}
      <PasswordField
        id="withdraw-password"
        label={t('assets.withdraw.password')}
        placeholder={t('assets.withdraw.passwordPlaceholder')}
        value={password}
        onChange={setPassword}
        autoComplete="off"
      />
      <SubmitButton loading={draw.isPending} testId="withdraw-submit">
        {t('assets.withdraw.submit')}
      </SubmitButton>
    </AssetForm>
  );
}
