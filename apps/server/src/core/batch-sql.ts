import { type SQL, sql } from 'drizzle-orm';
import { SCALE } from './amounts.js';

/**
 * A batch's rows as plain values, taken from the core's memory when the batch is sealed, and the
 * SQL statement they are written with: one parameter per column, an array literal, so that the
 * statement's text depends only on which tables a batch writes.
 */

/**
 * The `system_state` key holding the sequence number of the last committed batch: each batch
 * moves it from its predecessor's number to its own, so a batch whose predecessor did not commit
 * fails as well (the core sends the next batch before the last is answered).
 */
export const BATCH_KEY = 'core.batch';

/**
 * How a column's values are written into its array literal: `plain` for integers, `amount` for
 * ledger units (bigint), `time` for milliseconds since 1970, `text` for strings.
 */
export type ColumnKind = 'plain' | 'amount' | 'time' | 'text';
export type ColumnValue = number | bigint | string | null;

export interface ColumnRows {
  name: string;
  /** The array's element type (a time's is float8). */
  type: string;
  kind: ColumnKind;
  values: ColumnValue[];
}

export interface PartRows {
  table: string;
  /** An update sets every column but the first, `id`, and finds the rows by it. */
  op: 'insert' | 'update';
  columns: ColumnRows[];
}

export interface BatchRows {
  /** The store's batch number after this batch (see `BATCH_KEY`). */
  sequence: number;
  /** When the batch was sealed, in milliseconds since 1970: its times travel as offsets to it. */
  at: number;
  parts: PartRows[];
}

/** Quotes and backslashes in a text value, which must be escaped inside an array literal. */
const SPECIAL = /["\\]/;
/** An amount in ledger units, as the exact decimal `units × 10^-SCALE`. */
const EXPONENT = `e-${SCALE}`;

/**
 * One column of a multi-row write as a single parameter: a PostgreSQL array literal, cast in the
 * statement (`$1::numeric[]`) and spread back into rows with `unnest`. A batch of any size is then
 * a statement with a fixed, small number of parameters instead of one parameter per value.
 *
 * The values' texts are joined once at the end. Growing one string instead builds a rope that the
 * driver must flatten when it measures and copies the parameter, which costs more than the join.
 */
function literal(column: ColumnRows, at: number): string {
  const { values } = column;
  const texts = new Array<string>(values.length);
  switch (column.kind) {
    case 'plain':
      // Integers need no quoting inside an array literal.
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        texts[i] = v === null || v === undefined ? 'NULL' : `${v}`;
      }
      break;
    case 'amount':
      // The units with a negative exponent: PostgreSQL reads `123e-18` as 0.000…123 exactly,
      // and the column's NUMERIC(48,18) keeps it so. This is the bigint's own text, without the
      // search for trailing zeros and the slicing around a decimal point that a plain decimal
      // needs (a third of the time, on the thread that matches orders).
      for (let i = 0; i < values.length; i++) {
        const v = values[i] as bigint;
        texts[i] = v === 0n ? '0' : `${v}${EXPONENT}`;
      }
      break;
    case 'time':
      // As milliseconds from the batch's time (see `time` in `Statement.unnest`): numbers this
      // small become text about five times faster than the thirteen digits of a whole time.
      for (let i = 0; i < values.length; i++) texts[i] = `${(values[i] as number) - at}`;
      break;
    case 'text':
      // Always quoted, so that no value can read as NULL or break the literal.
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (v === null || v === undefined) texts[i] = 'NULL';
        else {
          const t = String(v);
          texts[i] = SPECIAL.test(t)
            ? `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
            : `"${t}"`;
        }
      }
      break;
  }
  return `{${texts.join(',')}}`;
}

/**
 * A statement of text pieces and parameters: as text with `$n` placeholders and its values (for a
 * named prepared statement, whose text must be the same from batch to batch), or as a drizzle `sql`
 * fragment (inside a drizzle transaction).
 */
export class Statement {
  private readonly pieces: string[] = [];
  private readonly values: string[] = [];
  /** Text since the last parameter: one piece per run of text, not one per call. */
  private text = '';
  raw(text: string) {
    this.text += text;
    return this;
  }
  param(value: string) {
    this.pieces.push(this.text);
    this.text = '';
    this.values.push(value);
    return this;
  }
  /**
   * `select unnest($1::t1[]), unnest($2::t2[]), …` over the given columns: the arrays are read
   * side by side, row by row. Written in the select list rather than as `from unnest(…)`, the
   * rows stream into the insert or join instead of being collected first in a tuple store, which
   * costs the store about a third less work per row.
   */
  unnest(columns: ColumnRows[], at: number) {
    this.raw('select ');
    columns.forEach((c, i) => {
      if (i) this.raw(', ');
      if (c.kind === 'time') {
        // `to_timestamp((at + offset) / 1000)`: the sum is the whole time's milliseconds,
        // exact in a double, and the division the same as for the time sent whole (PostgreSQL
        // reads the number in about a third of the time of the date's ISO text). The double
        // comes back to the same millisecond for every time up to the year 2100 (tested).
        this.raw('to_timestamp((')
          .param(`${at}`)
          .raw('::float8 + unnest(')
          .param(literal(c, at))
          .raw('::float8[])) / 1000)');
      } else this.raw('unnest(').param(literal(c, at)).raw(`::${c.type}[])`);
    });
    return this;
  }
  /** The text with `$1`, `$2`, … in place of the parameters, and their values in order. */
  query(): { text: string; values: string[] } {
    let text = '';
    this.pieces.forEach((piece, i) => (text += `${piece}$${i + 1}`));
    return { text: text + this.text, values: this.values };
  }
  sql(): SQL {
    const chunks: SQL[] = [];
    this.pieces.forEach((piece, i) => {
      if (piece) chunks.push(sql.raw(piece));
      chunks.push(sql`${this.values[i]}`);
    });
    if (this.text) chunks.push(sql.raw(this.text));
    return sql.join(chunks);
  }
}

/** `insert into table (every column) select unnest(…), …`. */
function insert(s: Statement, part: PartRows, at: number) {
  s.raw(`insert into ${part.table} (${part.columns.map((c) => c.name).join(', ')}) `).unnest(
    part.columns,
    at,
  );
}

/**
 * `update table set (every column but id) from unnest(…)`, joined to the rows by `id`. The
 * statement is planned with `KEYED_PLANS`, so the join stays a lookup by primary key however
 * small the table was when its plan was cached. The table's alias is its initial.
 */
function update(s: Statement, part: PartRows, at: number) {
  const names = part.columns.map((c) => c.name);
  const t = part.table.charAt(0);
  s.raw(
    `update ${part.table} ${t} set ${names
      .slice(1)
      .map((n) => `${n} = u.${n}`)
      .join(', ')} from (`,
  )
    .unnest(part.columns, at)
    .raw(`) as u (${names.join(', ')}) where ${t}.id = u.id`);
}

/**
 * The batch as ONE statement: a data-modifying CTE per part, each of which PostgreSQL runs to
 * completion whether or not it is read. The batch number's is read: it moves the store's number
 * from `sequence - 1` to `sequence`; no row moved means the previous batch is not in the store,
 * and the division by zero aborts the statement with everything in it. A batch sent after one
 * that failed therefore fails as well.
 */
export function batchStatement(rows: BatchRows): Statement {
  const s = new Statement().raw('with ');
  rows.parts.forEach((part, i) => {
    s.raw(`w${i} as (`);
    if (part.op === 'insert') insert(s, part, rows.at);
    else update(s, part, rows.at);
    s.raw('), ');
  });
  return s
    .raw(`b as (update system_state set value = `)
    .param(String(rows.sequence))
    .raw(` where key = '${BATCH_KEY}' and value = `)
    .param(String(rows.sequence - 1))
    .raw(' returning 1) select 1 / count(*) from b');
}

/**
 * The name of each distinct batch statement text. A batch's text depends only on which tables it
 * writes (the rows travel as array parameters), so there are a handful, each prepared once per
 * connection.
 */
const statementNames = new Map<string, string>();
function statementName(text: string) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `core_batch_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The batch as a named prepared statement: its name, text and parameter values. */
export function batchQuery(rows: BatchRows): { name: string; text: string; values: string[] } {
  const { text, values } = batchStatement(rows).query();
  return { name: statementName(text), text, values };
}
