import type { CurrencyMatch, DepthSnapshot } from '@exchange/contract';
import { Segmented, Tabs } from 'antd';
import { useState, type Dispatch } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSession } from '../../../shared/store/session';
import type { FormAction, FormState } from '../lib/form-state';
import { bookPrice, type OrderMode, type Side } from '../lib/order-math';
import styles from './order-form.module.css';
import { OrderPanel } from './order-panel';

interface Props {
  pair: CurrencyMatch;
  depth: DepthSnapshot | undefined;
  form: FormState;
  dispatch: Dispatch<FormAction>;
  /** Phones show one side at a time. */
  narrow: boolean;
  returnTo: string;
}

/** Limit (0) and market (1, the default) tabs over a buy and a sell panel (spec 1 §2, §4). */
export function OrderForm({ pair, depth, form, dispatch, narrow, returnTo }: Props) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const [shown, setShown] = useState<Side>('buy');
  const sides: Side[] = narrow ? [shown] : ['buy', 'sell'];
  const modes: OrderMode[] = ['limit', 'market'];

  return (
    <section className={styles.form} aria-label={t('trade.form.title')} data-testid="order-form">
      <Tabs
        activeKey={form.mode}
        onChange={(key) => dispatch({ type: 'mode', mode: key === 'limit' ? 'limit' : 'market' })}
        items={modes.map((mode) => ({
          key: mode,
          label: <span data-testid={`trade-tab-${mode}`}>{t(`trade.form.${mode}`)}</span>,
        }))}
      />
      {narrow && (
        <Segmented<Side>
          block
          className={styles.sideSwitch}
          value={shown}
          onChange={setShown}
          options={[
            { value: 'buy', label: t('trade.form.buySide') },
            { value: 'sell', label: t('trade.form.sellSide') },
          ]}
          data-testid="trade-side-switch"
        />
      )}
      <div className={styles.panels}>
        {sides.map((side) => (
          <OrderPanel
            key={side}
            side={side}
            pair={pair}
            mode={form.mode}
            state={form[side]}
            bookPrice={bookPrice(side, depth)}
            dispatch={dispatch}
            signedIn={signedIn}
            returnTo={returnTo}
          />
        ))}
      </div>
    </section>
  );
}
