import { type SQL, sql } from 'drizzle-orm';
import { SCALE } from '../core/amounts.js';

/*
 * Multi-row writes with one parameter per column: each column's values travel as one PostgreSQL
 * array literal and are spread back into rows with `unnest`. A write of any number of rows is then
 * a statement with a fixed, small number of parameters, where a multi-row VALUES list takes one
 * parameter per value and the driver's work for each. The core's batch and the candle store write
 * this way.
 */

/** Quotes and backslashes in a text value, which must be escaped inside an array literal. */
const SPECIAL = /["\\]/;
/** An amount in ledger units, as the exact decimal `units × 10^-SCALE`. */
const EXPONENT = `e-${SCALE}`;

/**
 * One column of a multi-row write as a single parameter, cast in the statement
 * (`$1::numeric[]`).
 */
export class Column {
  /**
   * The values' texts, joined once at the end. Growing one string instead builds a rope that the
   * driver must flatten when it measures and copies the parameter, which costs more than the join.
   */
  private readonly values: string[] = [];
  /**
   * `type` is the array's element type. A time column has `base`, the write's time: its values
   * are milliseconds from it (see `time`).
   */
  constructor(
    readonly type: string,
    readonly base: number | null = null,
  ) {}
  /** Integers need no quoting inside an array literal. */
  plain(value: number | null) {
    this.values.push(value === null ? 'NULL' : `${value}`);
  }
  /**
   * An amount as its ledger units with a negative exponent: PostgreSQL reads `123e-18` as
   * 0.000…123 exactly, and the column's NUMERIC(48,18) keeps it so. This is the bigint's own
   * text, without the search for trailing zeros and the slicing around a decimal point that a
   * plain decimal needs (balance-sized amounts: 111 against 138 ns).
   */
  amount(value: bigint) {
    this.values.push(value === 0n ? '0' : `${value}${EXPONENT}`);
  }
  /** `t` or `f`. */
  flag(value: boolean) {
    this.values.push(value ? 't' : 'f');
  }
  /** A time, as milliseconds from the column's base (see `time`). */
  time(value: Date | null) {
    this.values.push(value === null ? 'NULL' : `${value.getTime() - (this.base ?? 0)}`);
  }
  /** Text is always quoted, so that no value can read as NULL or break the literal. */
  text(value: string | null) {
    if (value === null) this.values.push('NULL');
    else if (!SPECIAL.test(value)) this.values.push(`"${value}"`);
    else this.values.push(`"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  }
  literal() {
    return `{${this.values.join(',')}}`;
  }
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
  unnest(columns: Column[]) {
    this.raw('select ');
    columns.forEach((c, i) => {
      if (i) this.raw(', ');
      if (c.base === null) this.raw('unnest(').param(c.literal()).raw(`::${c.type}[])`);
      else {
        // A time: `to_timestamp((base + offset) / 1000)` (see `time`).
        this.raw('to_timestamp((')
          .param(`${c.base}`)
          .raw(`::${c.type} + unnest(`)
          .param(c.literal())
          .raw(`::${c.type}[])) / 1000)`);
      }
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

/**
 * A table's columns for a multi-row write, by their names in the store: each with its array type
 * and how it writes the rows' values into its literal (`at` is the write's time, for rows that
 * carry none).
 */
export interface Entry<T> {
  type: string;
  /** Whether the column is a time (see `time`). */
  time?: true;
  fill: (column: Column, rows: readonly T[], at: Date) => void;
}
export type Spec<T> = Record<string, Entry<T>>;

export const plain = <T>(type: string, get: (row: T) => number | null): Entry<T> => ({
  type,
  fill: (c, rows) => {
    for (const row of rows) c.plain(get(row));
  },
});
export const amount = <T>(get: (row: T) => bigint): Entry<T> => ({
  type: 'numeric',
  fill: (c, rows) => {
    for (const row of rows) c.amount(get(row));
  },
});
/** An amount that may be missing (NULL). */
export const optionalAmount = <T>(get: (row: T) => bigint | null): Entry<T> => ({
  type: 'numeric',
  fill: (c, rows) => {
    for (const row of rows) {
      const value = get(row);
      if (value === null) c.plain(null);
      else c.amount(value);
    }
  },
});
export const flag = <T>(get: (row: T) => boolean): Entry<T> => ({
  type: 'boolean',
  fill: (c, rows) => {
    for (const row of rows) c.flag(get(row));
  },
});
export const text = <T>(get: (row: T) => string | null, type = 'text'): Entry<T> => ({
  type,
  fill: (c, rows) => {
    for (const row of rows) c.text(get(row));
  },
});
/**
 * A timestamp as milliseconds from the write's time, read back with
 * `to_timestamp((base + offset) / 1000)`. The sum is the time's whole number of milliseconds since
 * 1970, exact in a double, and PostgreSQL reads the number in about a third of the time it takes
 * to parse the date's ISO text (200,000 of them: 39 ms against 100 ms). The double comes back to
 * the same millisecond for every time up to the year 2100 (tested); the core's batches carry the
 * server clock's. A small offset becomes text about five times faster than a whole time's thirteen
 * digits (22 against 107-117 ns).
 */
export const time = <T>(get: (row: T, at: Date) => Date | null): Entry<T> => ({
  type: 'float8',
  time: true,
  fill: (c, rows, at) => {
    for (const row of rows) c.time(get(row, at));
  },
});

/** The named columns of `rows` as array literals, filled now (the rows may change later). */
function fill<T, K extends string>(
  spec: Record<K, Entry<T>>,
  names: K[],
  rows: readonly T[],
  at: Date,
): Column[] {
  return names.map((name) => {
    const entry = spec[name];
    const column = new Column(entry.type, entry.time ? at.getTime() : null);
    entry.fill(column, rows, at);
    return column;
  });
}

/** `insert into table (every column) select * from unnest(…)`. */
export function insert<T, K extends string>(
  table: string,
  spec: Record<K, Entry<T>>,
  rows: readonly T[],
  at: Date,
) {
  const names = Object.keys(spec) as K[];
  const columns = fill(spec, names, rows, at);
  return (s: Statement) => s.raw(`insert into ${table} (${names.join(', ')}) `).unnest(columns);
}

/**
 * `update table set (the given columns) from unnest(…)`, joined to the rows by `id`. The statement
 * is planned with `KEYED_PLANS`, so the join stays a lookup by primary key however small the table
 * was when its plan was cached. The table's alias is its initial.
 */
export function update<T, K extends string>(
  table: string,
  spec: Record<K | 'id', Entry<T>>,
  set: K[],
  rows: readonly T[],
  at: Date,
) {
  const names: (K | 'id')[] = ['id', ...set];
  const columns = fill(spec, names, rows, at);
  const t = table.charAt(0);
  return (s: Statement) =>
    s
      .raw(`update ${table} ${t} set ${set.map((n) => `${n} = u.${n}`).join(', ')} from (`)
      .unnest(columns)
      .raw(`) as u (${names.join(', ')}) where ${t}.id = u.id`);
}
