import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import { lazy, Suspense, useState, type HTMLAttributes, type ReactNode } from 'react';
import { NARROW_QUERY, useMediaQuery } from '../use-media-query';
import { showPager } from './paging';
import { nextSort, type SortOrder, type SortState } from './sort';
import styles from './table.module.css';

export type { SortOrder } from './sort';

export interface TableColumn<Row> {
  key: string;
  title: ReactNode;
  /** The column's name where `title` is not text (cards and screen readers). */
  label?: string;
  align?: 'left' | 'right';
  /** Fixed width in px (layout `fixed`; a column without one takes the rest). */
  width?: number;
  /** Extra class of the column's header and body cells. */
  className?: string;
  /** Sortable when given; the first click sorts in `firstOrder` (ascending by default). */
  compare?: (a: Row, b: Row) => number;
  firstOrder?: SortOrder;
  render: (row: Row) => ReactNode;
  /**
   * In the phone's cards the first column heads each card; `foot` columns (actions) end it
   * without a label; `hide` ones are left out; the others are label–value lines.
   */
  card?: 'foot' | 'hide';
}

export interface TablePaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId: string;
  /** Shows "N items" beside the pages, and the pager from the first item on. */
  showTotal?: (total: number) => ReactNode;
}

/**
 * How the table fits a narrow window (below 768 px): `cards` turns each row into a card of
 * labelled lines; `scroll` keeps the table, which scrolls sideways inside its own box (never the
 * page), as both do on wider screens below `minWidth`; `fixed` keeps a fixed-layout table whose
 * cells cut long text (the caller gives fewer columns).
 */
export type TableLayout = 'cards' | 'scroll' | 'fixed';

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Attributes of each row (`data-testid`, a click handler…). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number>;
  /** Accessible name of the table. */
  label: string;
  /** A text shows antd's small empty image above it; an element shows as it is. */
  empty: ReactNode;
  /** Fetching another page: the rows stay while a spinner covers them. */
  loading?: boolean;
  layout?: TableLayout;
  /** Below this width (640 px) a table that is not `fixed` scrolls sideways inside its box. */
  minWidth?: number;
  /** Pages below the table, shown only when there is more than one. */
  paging?: TablePaging;
  /** Extra class of the outer box (row heights, borders of a product's look). */
  className?: string;
  testId?: string;
}

const LAYOUT_CLASS: Record<TableLayout, string | undefined> = {
  cards: undefined,
  scroll: undefined,
  fixed: styles.fixedLayout,
};

// The pager (antd's Pagination) is loaded by the first table that has more than one page.
const TablePager = lazy(() => import('./table-pager'));

/**
 * The client's one table: sorting, an empty state, a loading cover, pages and a phone layout,
 * configured once. It is a plain `<table>` (antd's Table would add about 60 KB of compressed
 * JavaScript to the first visit of every page with a list).
 */
export function Table<Row>(props: TableProps<Row>) {
  const { rows, loading = false, layout = 'scroll', paging, className, testId } = props;
  const narrow = useMediaQuery(NARROW_QUERY);
  const [sort, setSort] = useState<SortState | null>(null);
  const compare = props.columns.find((c) => c.key === sort?.key)?.compare;
  const sorted =
    compare === undefined || sort === null
      ? rows
      : [...rows].sort((a, b) => (sort.order === 'ascend' ? compare(a, b) : compare(b, a)));
  const isEmpty = rows.length === 0 && !loading;
  const cards = layout === 'cards' && narrow;

  return (
    <div className={[styles.box, LAYOUT_CLASS[layout], className].filter(Boolean).join(' ')}>
      <Spin spinning={loading}>
        {cards ? (
          <Cards {...props} rows={sorted} />
        ) : (
          <div className={layout === 'fixed' ? undefined : styles.scroller}>
            <table
              aria-label={props.label}
              className={styles.table}
              style={layout === 'fixed' ? undefined : { minWidth: props.minWidth ?? 640 }}
              data-testid={testId}
            >
              {layout === 'fixed' && (
                <colgroup>
                  {props.columns.map((c) => (
                    <col
                      key={c.key}
                      style={c.width === undefined ? undefined : { width: c.width }}
                    />
                  ))}
                </colgroup>
              )}
              <thead>
                <tr>
                  {props.columns.map((c) => (
                    <HeaderCell
                      key={c.key}
                      column={c}
                      order={sort?.key === c.key ? sort.order : undefined}
                      onSort={() => setSort(nextSort(sort, c.key, c.firstOrder ?? 'ascend'))}
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {sorted.map((row) => {
                  const extra = props.rowProps?.(row);
                  return (
                    <tr key={props.rowKey(row)} {...extra} className={join(styles.row, extra)}>
                      {props.columns.map((c) => (
                        <td key={c.key} className={cellClass(c)}>
                          {c.render(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {isEmpty && <EmptyState empty={props.empty} testId={testId} />}
      </Spin>
      {paging !== undefined && pagerShown(paging) && (
        <Suspense fallback={<div className={styles.pagerSpace} />}>
          <TablePager {...paging} />
        </Suspense>
      )}
    </div>
  );
}

/** Pages show above one page of rows (spec 2 §9), or from one row when they count the rows. */
const pagerShown = (p: TablePaging) =>
  showPager(p.total, p.pageSize) || (p.showTotal !== undefined && p.total > 0);

/** The table's own class of a row or card plus the one its `rowProps` give. */
const join = (own: string | undefined, extra: { className?: string } | undefined) =>
  [own, extra?.className].filter(Boolean).join(' ');

function cellClass<Row>(column: TableColumn<Row>): string | undefined {
  const names = [column.align === 'right' ? styles.right : '', column.className ?? ''];
  return names.filter(Boolean).join(' ') || undefined;
}

function HeaderCell<Row>({
  column,
  order,
  onSort,
}: {
  column: TableColumn<Row>;
  order: SortOrder | undefined;
  onSort: () => void;
}) {
  if (column.compare === undefined) {
    return (
      <th scope="col" className={cellClass(column)}>
        {column.title}
      </th>
    );
  }
  return (
    <th
      scope="col"
      className={cellClass(column)}
      aria-sort={order === undefined ? 'none' : order === 'ascend' ? 'ascending' : 'descending'}
    >
      <button
        type="button"
        className={styles.sort}
        data-testid={`sort-${column.key}`}
        onClick={onSort}
      >
        {column.title}
        <span className={styles.sortIcons} aria-hidden>
          <CaretUpFilled className={order === 'ascend' ? styles.sortOn : undefined} />
          <CaretDownFilled className={order === 'descend' ? styles.sortOn : undefined} />
        </span>
      </button>
    </th>
  );
}

function EmptyState({ empty, testId }: { empty: ReactNode; testId: string | undefined }) {
  if (typeof empty !== 'string') return <>{empty}</>;
  return (
    <Empty
      className={styles.empty}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<span data-testid={testId ? `${testId}-empty` : undefined}>{empty}</span>}
    />
  );
}

function Cards<Row>({ columns, rows, rowKey, rowProps, testId, label }: TableProps<Row>) {
  const [head, ...rest] = columns.filter((c) => c.card !== 'hide');
  const lines = rest.filter((c) => c.card !== 'foot');
  const feet = rest.filter((c) => c.card === 'foot');
  return (
    <ul className={styles.cards} aria-label={label} data-testid={testId}>
      {rows.map((row) => {
        const extra = rowProps?.(row);
        return (
          <li key={rowKey(row)} {...extra} className={join(styles.card, extra)}>
            {head && <div className={styles.cardHead}>{head.render(row)}</div>}
            <dl className={styles.cardLines}>
              {lines.map((c) => (
                <div key={c.key} className={styles.cardLine}>
                  <dt>{c.label ?? c.title}</dt>
                  <dd>{c.render(row)}</dd>
                </div>
              ))}
            </dl>
            {feet.length > 0 && (
              <div className={styles.cardFoot}>
                {feet.map((c) => (
                  <span key={c.key}>{c.render(row)}</span>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
