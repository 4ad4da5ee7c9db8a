import { ReloadOutlined } from '@ant-design/icons';
import type { Page } from '@exchange/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import type { QueueView } from '../lib/queue-view';
import styles from './review-list.module.css';

interface Props<T, Tab extends string> {
  tabs: readonly [Tab, ...Tab[]];
  view: QueueView<Tab>;
  onView: (view: QueueView<Tab>) => void;
  list: UseQueryResult<Page<T>>;
  columns: TableColumn<T>[];
  pageSize: number;
  /** The list's name (its region and table). */
  label: string;
  tabLabel: (tab: Tab) => string;
  /** What an empty tab says. */
  empty: (tab: Tab) => string;
  /** Test ids: `<testId>-table`, `<testId>-row`, `<testId>-tab-<tab>`, `<testId>-error`. */
  testId: string;
  minWidth: number;
}

/**
 * The identity queue's and the feedback inbox's list, as the deposit and withdrawal reviews show
 * theirs (review-list.tsx): status tabs, refresh, the page of items with their actions, paging,
 * and the loading, empty and error states.
 */
export function QueueList<T extends { id: number }, Tab extends string>(props: Props<T, Tab>) {
  const { t } = useTranslation();
  const { view, onView, list, testId } = props;
  const page = list.data;

  // The last item of a later page was decided: show the page that now is the last.
  const lastPage = page?.last_page ?? 1;
  useEffect(() => {
    if (page && page.data.length === 0 && view.page > 1 && lastPage < view.page) {
      onView({ ...view, page: Math.max(1, lastPage) });
    }
  }, [page, lastPage, view, onView]);

  return (
    <section className={styles.panel} aria-label={props.label}>
      <div className={styles.bar}>
        <Tabs
          activeKey={view.tab}
          onChange={(key) =>
            onView({ tab: props.tabs.find((known) => known === key) ?? props.tabs[0], page: 1 })
          }
          items={props.tabs.map((key) => ({
            key,
            label: <span data-testid={`${testId}-tab-${key}`}>{props.tabLabel(key)}</span>,
          }))}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isLoading}
          aria-label={t('admin.list.refresh')}
          data-testid={`${testId}-refresh`}
        >
          <span className={styles.refreshLabel}>{t('admin.list.refresh')}</span>
        </Button>
      </div>
      {list.isError && !page ? (
        <div data-testid={`${testId}-error`}>
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
        <Table
          layout="cards"
          minWidth={props.minWidth}
          className={styles.reviews}
          label={props.label}
          columns={props.columns}
          rows={page?.data ?? []}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': `${testId}-row`, 'data-id': row.id })}
          loading={list.isLoading || (list.isPlaceholderData && list.isFetching)}
          empty={props.empty(view.tab)}
          testId={`${testId}-table`}
          paging={{
            page: view.page,
            pageSize: props.pageSize,
            total: page?.total ?? 0,
            onChange: (next) => onView({ ...view, page: next }),
            testId: `${testId}-pager`,
            showTotal: (total) => t('admin.list.total', { count: total }),
          }}
        />
      )}
    </section>
  );
}
