import { Button, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSession } from '../../../shared/store/session';
import { Result } from '../../../shared/ui/result';
import { showPager } from '../../../shared/ui/table/paging';
import { useEarnProducts, type EarnProduct } from '../api/earn';
import { EarnRules } from '../components/earn-rules';
import { ProductCard } from '../components/product-card';
import { SubscribeDialog } from '../components/subscribe-dialog';
import styles from './earn-page.module.css';

// The pager (antd's Pagination) loads only when there is more than one page of products.
const TablePager = lazy(() => import('../../../shared/ui/table/table-pager'));

/**
 * The earning list, /deposit (spec 3 "financial"): fixed-term products on sale or paused, each
 * with its term, annual rate, limits, where its interest comes from and the user's holding, and
 * a confirmation that shows what a subscription earns before it is made. Guests see the list;
 * subscribing asks them to log in.
 */
export function EarnPage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const [page, setPage] = useState(1);
  const [buying, setBuying] = useState<EarnProduct | null>(null);
  const list = useEarnProducts(page);
  const data = list.data;

  return (
    <div className={styles.page} data-testid="earn-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('financial.title')}</h1>
          <p className={styles.subtitle}>{t('financial.subtitle')}</p>
        </div>
        <nav className={styles.links} aria-label={t('financial.title')}>
          <Link to="/coinlog" data-testid="earn-my-link">
            {t('financial.mySubscriptions')}
          </Link>
          {signedIn && (
            <Link to="/assets/financialAccount" data-testid="earn-account-link">
              {t('financial.financialAccount')}
            </Link>
          )}
        </nav>
      </header>
      <EarnRules />
      {list.isError && !data ? (
        <section className={styles.state} data-testid="earn-error">
          <Result
            status="warning"
            title={t('financial.error')}
            subTitle={list.error.message}
            extra={
              <Button type="primary" onClick={() => void list.refetch()}>
                {t('financial.retry')}
              </Button>
            }
          />
        </section>
      ) : !data ? (
        <ul className={styles.grid} aria-busy data-testid="earn-loading">
          {[0, 1, 2].map((i) => (
            <li key={i} className={styles.placeholder}>
              <Skeleton active paragraph={{ rows: 6 }} />
            </li>
          ))}
        </ul>
      ) : data.data.length === 0 ? (
        <section className={styles.state} data-testid="earn-empty">
          <Empty description={t('financial.empty')} />
        </section>
      ) : (
        <>
          <ul
            className={styles.grid}
            aria-label={t('financial.products')}
            aria-busy={list.isPlaceholderData}
            data-testid="earn-products"
          >
            {data.data.map((product) => (
              <li key={product.id} className={styles.item}>
                <ProductCard product={product} onBuy={() => setBuying(product)} />
              </li>
            ))}
          </ul>
          {showPager(data.total, data.per_page) && (
            <Suspense fallback={null}>
              <TablePager
                page={page}
                pageSize={data.per_page}
                total={data.total}
                onChange={setPage}
                testId="earn-pager"
              />
            </Suspense>
          )}
        </>
      )}
      {buying && (
        <SubscribeDialog
          product={data?.data.find((p) => p.id === buying.id) ?? buying}
          onClose={() => setBuying(null)}
        />
      )}
    </div>
  );
}
