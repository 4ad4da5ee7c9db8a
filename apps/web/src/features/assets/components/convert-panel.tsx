import type { AccountGroup } from '@exchange/contract';
import { Alert, Button, Form, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { isApiError } from '../../../shared/api/api-error';
import { isPositiveDecimal, wireDecimal } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useDebounced } from '../../../shared/hooks/use-debounced';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useConvert } from '../api/convert';
import { useConvertQuote } from '../api/convert-quote';
import { bpsPercent, usdtValue } from '../lib/amounts';
import { convertibleAccounts } from '../lib/currencies';
import { validateConvert } from '../lib/validate';
import { AmountInput } from '../../../shared/ui/amount-input';
import { AssetForm } from './asset-form';
import styles from './panel.module.css';

/** Typing pauses this long before the amount is quoted. */
const QUOTE_DELAY_MS = 300;

/**
 * Convert a coin of the second account to USDT (spec 2 §2, §5): the value shown is amount × the
 * coin's USD price; the quote says what selling it into the order book pays now (other users'
 * bids walked over the amount, less the fee) and the least the user accepts on confirming.
 */
export function ConvertPanel({ groups }: { groups: readonly AccountGroup[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const rows = convertibleAccounts(groups);
  const [currencyId, setCurrencyId] = useState<number | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const row = rows.find((r) => r.currency_id === currencyId) ?? rows[0];
  const typed = useDebounced(isPositiveDecimal(amount) ? wireDecimal(amount) : '', QUOTE_DELAY_MS);
  const quote = useConvertQuote(row?.currency_id, typed);
  const convert = useConvert();

  if (!row) return null;
  const code = row.currency_code;

  const choose = (id: number) => {
    setCurrencyId(id);
    setAmount('');
  };

  async function submit() {
    if (convert.isPending || !row) return;
    const error = validateConvert(amount);
    if (error) return toastError(t(error));
    // The least the user accepts is the one shown for this very amount, never an older quote's.
    const shown = quote.data;
    if (!shown || shown.number !== wireDecimal(amount))
      return toastError(t('assets.convert.noQuote'));
    try {
      const done = await convert.mutateAsync({
        currencyId: row.currency_id,
        amount,
        minReceive: shown.min_receive,
      });
      toastSuccess(t('assets.convert.done', { amount: done.receive }));
      setAmount('');
    } catch {
      // The api client has said why.
    }
  }

  const value = usdtValue(amount, row.currency.usd_price);
  // A quote of the smallest quantity (nothing typed yet) shows prices, not what this amount pays.
  const forAmount = quote.data && typed !== '' && quote.data.number === typed ? quote.data : null;
  return (
    <section
      className={styles.panel}
      data-testid="convert-panel"
      aria-label={t('assets.convert.title')}
    >
      <div className={styles.head}>
        <h3 className={styles.subtitle}>{t('assets.convert.title')}</h3>
      </div>
      <AssetForm onSubmit={submit}>
        <Form.Item label={t('assets.convert.currency')} htmlFor="convert-currency">
          <Select<number>
            id="convert-currency"
            value={row.currency_id}
            onChange={choose}
            options={rows.map((r) => ({ value: r.currency_id, label: r.currency_code }))}
            data-testid="convert-currency"
          />
        </Form.Item>
        <Form.Item
          label={t('assets.convert.amount')}
          htmlFor="convert-amount"
          extra={t('assets.form.available', { amount: format.amount(row.balance, 0), code })}
        >
          <AmountInput
            id="convert-amount"
            value={amount}
            onChange={setAmount}
            code={code}
            placeholder={t('assets.convert.amountPlaceholder')}
            all={row.balance}
            testId="convert-amount"
          />
        </Form.Item>
        <div className={styles.line}>
          <span>{t('assets.convert.value')}</span>
          <span data-testid="convert-value">{value ? `${format.amount(value, 0)} USDT` : '—'}</span>
        </div>
        <Spin spinning={quote.isLoading} size="small">
          {quote.isError && (
            <Alert
              type="warning"
              showIcon
              title={isApiError(quote.error) ? quote.error.message : t('assets.convert.noQuote')}
              data-testid="convert-quote-error"
            />
          )}
          {quote.data && !quote.isError && (
            <div data-testid="convert-quote">
              <div className={styles.line}>
                <span>{t('assets.convert.marketPrice')}</span>
                <span>{format.amount(quote.data.market_price, 0)} USDT</span>
              </div>
              {forAmount && (
                <>
                  <div className={styles.line}>
                    <span>{t('assets.convert.price')}</span>
                    <span data-testid="convert-price">
                      {format.amount(forAmount.price, 0)} USDT
                    </span>
                  </div>
                  <div className={styles.line}>
                    <span>
                      {t('assets.convert.fee', { percent: bpsPercent(forAmount.fee_bps) })}
                    </span>
                    <span>{format.amount(forAmount.fee, 0)} USDT</span>
                  </div>
                  <div className={styles.line}>
                    <span>{t('assets.convert.receive')}</span>
                    <span data-testid="convert-receive">
                      {format.amount(forAmount.receive, 0)} USDT
                    </span>
                  </div>
                  <div className={styles.line}>
                    <span>{t('assets.convert.minReceive')}</span>
                    <strong data-testid="convert-min-receive">
                      {format.amount(forAmount.min_receive, 0)} USDT
                    </strong>
                  </div>
                </>
              )}
              <p className={styles.note}>{t('assets.convert.note')}</p>
            </div>
          )}
        </Spin>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={convert.isPending}
          style={{ marginTop: 12 }}
          data-testid="convert-submit"
        >
          {t('assets.convert.submit')}
        </Button>
      </AssetForm>
    </section>
  );
}
