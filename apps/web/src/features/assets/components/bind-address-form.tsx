import type { AccountGroup } from '@exchange/contract';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { SendCodeField } from '../../../shared/ui/send-code-field';
import { toastSuccess } from '../../../shared/ui/toast';
import { useAddressBind } from '../api/address-bind';
import { useAddressCode } from '../hooks/use-address-code';
import { drawableAccounts } from '../lib/currencies';
import { AssetForm, CurrencyField, SubmitButton } from './asset-form';
import { ChainSelect } from './chain-select';

interface Props {
  groups: readonly AccountGroup[];
  initialCurrencyId: number | undefined;
  initialProtocolId: number | undefined;
}

/**
 * Bind a withdrawal address (spec 2 §2): currency, chain when several, address, optional memo, and
 * the code sent to the user's own e-mail or mobile. Every field is sent as typed; the server checks.
 */
export function BindAddressForm({ groups, initialCurrencyId, initialProtocolId }: Props) {
  const { t } = useTranslation();
  const rows = drawableAccounts(groups);
  const [currencyId, setCurrencyId] = useState(initialCurrencyId);
  const [protocolId, setProtocolId] = useState(initialProtocolId);
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [code, setCode] = useState('');
  const sender = useAddressCode();
  const bind = useAddressBind();

  const currency = (rows.find((r) => r.currency_id === currencyId) ?? rows[0])?.currency;
  if (!currency) return <Alert type="info" showIcon title={t('assets.withdraw.noCurrency')} />;
  const protocols = currency.currency_protocols;
  const protocol = protocols.find((p) => p.id === protocolId) ?? protocols[0];

  const chooseCurrency = (id: number) => {
    setCurrencyId(id);
    setProtocolId(undefined);
  };

  async function submit() {
    if (bind.isPending || !currency) return;
    try {
      await bind.mutateAsync({
        currencyId: currency.id,
        currencyProtocolId: protocol?.id,
        address,
        memo,
        code,
      });
    } catch {
      return; // The api client has shown the server's message.
    }
    setAddress('');
    setMemo('');
    setCode('');
    toastSuccess(t('assets.bind.done'));
  }

  return (
    <AssetForm onSubmit={submit} testId="bind-form">
      <CurrencyField
        id="bind-currency"
        options={rows.map((r) => ({ id: r.currency_id, code: r.currency_code }))}
        value={currency.id}
        onChange={chooseCurrency}
      />
      <ChainSelect
        protocols={protocols}
        value={protocol?.id}
        onChange={setProtocolId}
        testId="bind-chain"
      />
      <Form.Item label={t('assets.bind.address')} htmlFor="bind-address">
        <Input
          id="bind-address"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder={t('assets.bind.addressPlaceholder', {
            coin: currency.code,
            chain: protocol?.chain_protocol.code ?? '',
          })}
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          data-testid="bind-address"
        />
      </Form.Item>
      <Form.Item
        label={t('assets.bind.memo')}
        htmlFor="bind-memo"
        extra={t('assets.bind.memoHint')}
      >
        <Input
          id="bind-memo"
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
          placeholder={t('assets.bind.memoPlaceholder')}
          autoComplete="off"
          maxLength={64}
          data-testid="bind-memo"
        />
      </Form.Item>
      <SendCodeField
        prefix="bind"
        value={code}
        onChange={setCode}
        onSend={sender.send}
        sender={sender}
        extra={
          sender.sentTo ? (
            <span data-testid="bind-code-sent">
              {t('assets.bind.codeSent', { to: sender.sentTo })}
            </span>
          ) : undefined
        }
      />
      <SubmitButton loading={bind.isPending} testId="bind-submit">
        {t('assets.bind.submit')}
      </SubmitButton>
    </AssetForm>
  );
}
