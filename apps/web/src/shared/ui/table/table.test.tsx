import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Table, type TableColumn } from './table';

interface Row {
  id: number;
  name: string;
}
const columns: TableColumn<Row>[] = [
  { key: 'name', title: 'Name', width: 120, render: (r) => r.name },
  { key: 'id', title: 'Id', align: 'right', compare: (a, b) => a.id - b.id, render: (r) => r.id },
];

describe('Table', () => {
  it('renders rows with their attributes, keeping its own row class beside theirs', () => {
    const html = renderToStaticMarkup(
      <Table
        label="People"
        columns={columns}
        rows={[{ id: 7, name: 'Lan' }]}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'person', 'data-id': r.id, className: 'extra' })}
        empty="Nobody"
      />,
    );
    expect(html).toMatch(/<table aria-label="People"/);
    expect(html).toMatch(/<tr data-testid="person" data-id="7" class="[^"]+ extra">/);
    expect(html).toContain('>Lan</td>');
    // A sortable column's title is a button, and says it is not sorted yet.
    expect(html).toMatch(/<th scope="col" class="[^"]+" aria-sort="none"><button/);
    expect(html).not.toContain('Nobody');
  });

  it('says it is empty with its text, not while loading', () => {
    const props = {
      label: 'People',
      columns,
      rows: [] as Row[],
      rowKey: (r: Row) => r.id,
      empty: 'Nobody',
      testId: 'people',
    };
    expect(renderToStaticMarkup(<Table {...props} />)).toContain(
      '<span data-testid="people-empty">Nobody</span>',
    );
    expect(renderToStaticMarkup(<Table {...props} loading />)).not.toContain('Nobody');
  });

  it('fixes column widths in the fixed layout and scrolls the others in their box', () => {
    const base = { label: 'P', columns, rows: [], rowKey: (r: Row) => r.id, empty: 'x' };
    const fixed = renderToStaticMarkup(<Table {...base} layout="fixed" />);
    expect(fixed).toContain('<col style="width:120px"/>');
    expect(fixed).not.toContain('min-width');
    const scroll = renderToStaticMarkup(<Table {...base} minWidth={760} />);
    expect(scroll).toContain('min-width:760px');
  });

  it('shows pages only above one page of rows, or from one row when it counts them', () => {
    const base = { label: 'P', columns, rows: [], rowKey: (r: Row) => r.id, empty: 'x' };
    const paging = { page: 1, pageSize: 15, onChange: () => undefined, testId: 'pp' };
    const html = (total: number, counted = false) =>
      renderToStaticMarkup(
        <Table
          {...base}
          paging={{
            ...paging,
            total,
            showTotal: counted ? (n) => `${String(n)} items` : undefined,
          }}
        />,
      );
    // The pager is loaded lazily: its place holder stands for it in a static render.
    expect(html(15)).toBe(html(0));
    expect(html(16)).not.toBe(html(15));
    expect(html(1, true)).not.toBe(html(1));
  });
});
