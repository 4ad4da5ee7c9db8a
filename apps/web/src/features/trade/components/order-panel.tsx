import { DOWN_COLOR, UP_COLOR, type CurrencyMatch } from '@exchange/contract';
import { Button, ConfigProvider, Input } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { cleanDecimalInput } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useBalance } from '../api/balance';
import { usePlaceOrder } from '../api/place-order';
import type { FormAction, SideState } from '../lib/form-state';
import {
  orderTotal,
  priceDecimals,
  quantityDecimals,
  sliderQuantity,
  validateOrder,
  type OrderMode,
  type Side,
} from '../lib/order-math';
import styles from './order-form.module.css';
import { PercentSlider } from './percent-slider';

interface Props {
  side: Side;
  pair: CurrencyMatch;
  mode: OrderMode;
  state: SideState;
  /** The book's price for this side (best ask for a buy, best bid for a sell), spec 1 §4. */
  bookPrice: string | null;
  dispatch: Dispatch<FormAction>;
  signedIn: boolean;
  /** Where the login and register links come back to. */
  returnTo: string;
}

/** One side of the order form (spec 1 §2, §5): price, quantity, slider, total and submit. */
export function OrderPanel(props: Props) {
  const { side, pair, mode, state, bookPrice, dispatch, signedIn, returnTo } = props;
  const { t } = useTranslation();
  const format = useNumberFormat();
  const place = usePlaceOrder();
  const balanceCurrency = side === 'buy' ? pair.quote_currency_id : pair.base_currency_id;
  const balanceCode = side === 'buy' ? pair.quote_currency_code : pair.base_currency_code;
  const balance = useBalance(signedIn ? balanceCurrency : undefined);
  const available = balance.data?.balance;
  const price = mode === 'market' ? bookPrice : state.price;
  const priceScale = priceDecimals(pair.price_decimals);
  const qtyScale = quantityDecimals(pair.qty_decimals);
  const total = orderTotal(price, state.quantity);
  const id = (part: string) => `trade-${side}-${part}`;

  const quantityAt = (percent: number, atPrice: string | null) =>
    sliderQuantity({ side, percent, balance: available, price: atPrice, qtyDecimals: qtyScale });

  const onPrice = (text: string) => {
    const value = cleanDecimalInput(text, priceScale);
    // A buy slider stands for a share of the quote balance: a new price changes its quantity.
    const requantify = side === 'buy' && state.percent > 0;
    dispatch({
      type: 'price',
      side,
      price: value,
      ...(requantify ? { quantity: quantityAt(state.percent, value) } : {}),
    });
  };

  const submit = () => {
    const error = validateOrder({ mode, price, quantity: state.quantity });
    if (error !== null || price === null) {
      toastError(t(error ?? 'trade.notbest'), 'trade-form');
      return;
    }
    place.mutate(
      { side, mode, pairId: pair.id, price, quantity: state.quantity },
      {
        onSuccess: () => {
          toastSuccess(t('trade.form.placed'));
          dispatch({ type: 'placed', side });
        },
      },
    );
  };

  const action = t(side === 'buy' ? 'trade.form.buy' : 'trade.form.sell', {
    coin: pair.base_currency_code,
  });
  const login = `/login?page=${encodeURIComponent(returnTo)}`;

  return (
    <div className={styles.panel} data-testid={id('panel')}>
      <div className={styles.available}>
        <span>{t('trade.form.available')}</span>
        <span className="num" data-testid={id('available')}>
          {signedIn
            ? `${available === undefined ? '--' : format.amount(available)} ${balanceCode}`
            : '--'}
        </span>
      </div>
      <Input
        size="large"
        inputMode="decimal"
        autoComplete="off"
        prefix={<span className={styles.fieldLabel}>{t('trade.form.price')}</span>}
        suffix={pair.quote_currency_code}
        aria-label={t('trade.form.price')}
        value={mode === 'market' ? (bookPrice ?? '') : state.price}
        placeholder={mode === 'market' ? t('trade.notbest') : undefined}
        disabled={mode === 'market'}
        onChange={(e) => onPrice(e.target.value)}
        data-testid={id('price')}
      />
      <Input
        size="large"
        inputMode="decimal"
        autoComplete="off"
        prefix={<span className={styles.fieldLabel}>{t('trade.form.quantity')}</span>}
        suffix={pair.base_currency_code}
        aria-label={t('trade.form.quantity')}
        value={state.quantity}
        onChange={(e) =>
          dispatch({
            type: 'quantity',
            side,
            quantity: cleanDecimalInput(e.target.value, qtyScale),
          })
        }
        data-testid={id('qty')}
      />
      <PercentSlider
        value={state.percent}
        disabled={!signedIn}
        color={side === 'buy' ? UP_COLOR : DOWN_COLOR}
        label={t('trade.form.percent')}
        onChange={(percent) =>
          dispatch({ type: 'slide', side, percent, quantity: quantityAt(percent, price) })
        }
        testId={id('slider')}
      />
      <Input
        size="large"
        readOnly
        tabIndex={-1}
        prefix={<span className={styles.fieldLabel}>{t('trade.form.total')}</span>}
        suffix={pair.quote_currency_code}
        aria-label={t('trade.form.total')}
        value={total}
        data-testid={id('total')}
      />
      {signedIn ? (
        <ConfigProvider theme={{ token: { colorPrimary: side === 'buy' ? UP_COLOR : DOWN_COLOR } }}>
          <Button
            type="primary"
            size="large"
            block
            loading={place.isPending}
            onClick={submit}
            data-testid={id('submit')}
          >
            {action}
          </Button>
        </ConfigProvider>
      ) : (
        <div className={styles.guest} data-testid={id('guest')}>
          <Link to={login} data-testid={id('login')}>
            {t('trade.form.login')}
          </Link>
          <span className="text-secondary">{t('trade.form.or')}</span>
          <Link to="/register" data-testid={id('register')}>
            {t('trade.form.register')}
          </Link>
        </div>
      )}
    </div>
  );
}
