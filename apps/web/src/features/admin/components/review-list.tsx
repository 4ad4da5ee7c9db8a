import { ReloadOutlined } from '@ant-design/icons';
import type { Page } from '@exchange/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { REVIEW_PAGE_SIZE, REVIEW_TABS, type ReviewView } from '../lib/review-view';
import styles from './review-list.module.css';
import { Table, type TableColumn } from '../../../shared/ui/table/table';

interface Props<T> {
  view: ReviewView;
  onView: (view: ReviewView) => void;
  list: UseQueryResult<Page<T>>;
  columns: TableColumn<T>[];
  /** `deposits` or `withdrawals`: texts under admin.<kind>, test ids `<kind>-…`. */
  kind: 'deposits' | 'withdrawals';
}

/** Status tabs, the page of items with their actions, and paging. */
export function ReviewList<T extends { id: number }>({
  view,
  onView,
  list,
  columns,
  kind,
}: Props<T>) {
  const { t } = useTranslation();
  const page = list.data;

  // The last item of a later page was reviewed: show the page that now is the last.
  const lastPage = page?.last_page ?? 1;
  useEffect(() => {
    if (page && page.data.length === 0 && view.page > 1 && lastPage < view.page) {
      onView({ ...view, page: Math.max(1, lastPage) });
    }
  }, [page, lastPage, view, onView]);

  return (
    <section className={styles.panel} aria-label={t(`admin.${kind}.title`)}>
      <div className={styles.bar}>
        <Tabs
          activeKey={view.tab}
          onChange={(key) =>
            onView({ tab: REVIEW_TABS.find((known) => known === key) ?? 'pending', page: 1 })
          }
          items={REVIEW_TABS.map((key) => ({
            key,
            label: <span data-testid={`review-tab-${key}`}>{t(`admin.tab.${key}`)}</span>,
          }))}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isLoading}
          aria-label={t('admin.list.refresh')}
          data-testid="review-refresh"
        >
          <span className={styles.refreshLabel}>{t('admin.list.refresh')}</span>
        </Button>
      </div>
      {list.isError && !page ? (
        <div data-testid={`${kind}-error`}>
          <Result
            status="warning"
            title={t('admin.list.error')}
            subTitle={list.error.message}
            extra={
              <Button type="primary" onClick={() => void list.refetch()}>
                {t('admin.list.retry')}
              </Button>
            }
          />
        </div>
      ) : (
        <>
          <Table
            layout="cards"
            minWidth={960}
            className={styles.reviews}
            label={t(`admin.${kind}.title`)}
            columns={columns}
            rows={page?.data ?? []}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ 'data-testid': 'review-row', 'data-id': row.id })}
            loading={list.isLoading}
            empty={t(`admin.${kind}.empty.${view.tab}`)}
            testId={`${kind}-table`}
            paging={{
              page: view.page,
              pageSize: REVIEW_PAGE_SIZE,
              total: page?.total ?? 0,
              onChange: (next) => onView({ ...view, page: next }),
              testId: `${kind}-pager`,
              showTotal: (total) => t('admin.list.total', { count: total }),
            }}
          />
        </>
      )}
    </section>
  );
}
