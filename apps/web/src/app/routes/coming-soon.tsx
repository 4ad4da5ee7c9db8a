import { Button, Space } from 'antd';
import { useTranslation } from '../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { Result } from '../../shared/ui/result';

/** A product of the header that this release does not offer yet, and the nav label naming it. */
export const COMING_PRODUCTS = {
  recharge: 'nav.recharge',
  rechargeOpen: 'nav.recharge',
  rechargeVND: 'nav.recharge',
} as const;

export type ComingProduct = keyof typeof COMING_PRODUCTS;

/**
 * What a header item of a product still to come shows: the product's name and that it is coming,
 * with the way to what exists (spot trading, home) — never the not-found page. Each product's own
 * release replaces its route.
 */
export function ComingSoon({ product }: { product: ComingProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = t(COMING_PRODUCTS[product]);
  return (
    <div data-testid="coming-soon" data-product={product} style={{ padding: '64px 16px' }}>
      <Result
        status="info"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('coming.title', { name })}</h1>}
        subTitle={t('coming.text', { name })}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button
              type="primary"
              onClick={() => void navigate('/trade')}
              data-testid="coming-trade"
            >
              {t('coming.trade')}
            </Button>
            <Button onClick={() => void navigate('/home')} data-testid="coming-home">
              {t('coming.home')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
