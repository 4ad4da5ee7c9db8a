import { Button, Tag } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { loginHref } from '../../../shared/api/access';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSession } from '../../../shared/store/session';
import { toastWarning } from '../../../shared/ui/toast';
import type { EarnProduct } from '../api/earn';
import { limitOf, productState, soldPercent, type ProductState } from '../lib/earn-form';
import { useRateText, useStateText } from './earn-texts';
import styles from './earn.module.css';

const STATE_COLORS: Record<ProductState, string | undefined> = {
  onSale: 'green',
  soldOut: 'red',
  paused: 'gold',
  closed: undefined,
  upcoming: 'blue',
  ended: undefined,
};

/**
 * One product of the earning list: its name and currency, annual rate, term, limits, how it
 * pays, what is sold of its quota, the user's holding, where its interest comes from, and the
 * button that opens the confirmation (guests are sent to log in first).
 */
export function ProductCard({ product, onBuy }: { product: EarnProduct; onBuy: () => void }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((s) => s.token !== null);
  const rateText = useRateText();
  const stateText = useStateText();
  const state = productState(product, Date.now());
  const code = product.currency_code;
  const max = limitOf(product.max_number);
  const perUser = limitOf(product.max_per_user);
  const sold = soldPercent(product.sold, product.quota);
  const id = String(product.id);

  const buy = () => {
    if (signedIn) return onBuy();
    toastWarning(t('financial.card.login'), 'financial.login');
    void navigate(loginHref(pathname + search));
  };

  return (
    <article
      className={styles.card}
      aria-labelledby={`earn-name-${id}`}
      data-testid={`earn-product-${id}`}
      data-state={state}
    >
      <div className={styles.cardHead}>
        <h3 id={`earn-name-${id}`} className={styles.name} data-testid="earn-name">
          {product.name}
        </h3>
        <Tag className={styles.tag} data-testid="earn-currency">
          {code}
        </Tag>
        <Tag
          className={styles.tag}
          color={STATE_COLORS[state]}
          data-testid="earn-state"
          data-state={state}
        >
          {stateText(state, product)}
        </Tag>
      </div>
      <div className={styles.rateBlock}>
        <span className={`num up ${styles.rate}`} data-testid="earn-rate" data-value={product.rate}>
          {rateText(product.rate)}
        </span>
        <span className={styles.rateLabel}>{t('financial.card.rate')}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('financial.card.term')}</dt>
          <dd className="num" data-testid="earn-days">
            {t('financial.card.days', { n: product.days })}
          </dd>
        </div>
        <div>
          <dt>{t('financial.card.perSubscription')}</dt>
          <dd className="num" data-testid="earn-limits">
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
          </dd>
        </div>
        {perUser !== null && (
          <div>
            <dt>{t('financial.card.perUser')}</dt>
            <dd className="num" data-testid="earn-per-user">
              {format.amount(perUser)} {code}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('financial.card.payout')}</dt>
          <dd data-testid="earn-payout" data-value={product.payout}>
            {t(`financial.payout.${product.payout}`)}
          </dd>
        </div>
        {sold !== null && (
          <div>
            <dt>{t('financial.card.sold')}</dt>
            <dd className="num" data-testid="earn-sold">
              {t('financial.card.soldOf', {
                sold: format.amount(product.sold),
                quota: format.amount(product.quota),
                currency: code,
              })}
            </dd>
          </div>
        )}
        {signedIn && (
          <div>
            <dt>{t('financial.card.holding')}</dt>
            <dd className="num" data-testid="earn-holding" data-value={product.holding}>
              {format.amount(product.holding)} {code}
            </dd>
          </div>
        )}
      </dl>
      {sold !== null && (
        <div
          className={styles.bar}
          role="meter"
          aria-label={t('financial.card.sold')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={sold}
        >
          <span style={{ width: `${String(sold)}%` }} />
        </div>
      )}
      <div className={styles.source}>
        <h4 className={styles.sourceTitle}>{t('financial.card.yieldSource')}</h4>
        <p className={styles.sourceText} data-testid="earn-yield-source">
          {product.yield_source}
        </p>
      </div>
      <Button
        type="primary"
        block
        size="large"
        className={styles.buy}
        disabled={state !== 'onSale'}
        onClick={buy}
        data-testid="earn-buy"
      >
        {state === 'onSale' ? t('financial.card.buy') : stateText(state, product)}
      </Button>
    </article>
  );
}
