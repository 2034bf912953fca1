import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/index';

/**
 * The seeded demo world as the authorization matrix sees it, read from the database's own
 * catalogue: every row a person owns (through a foreign key to `people`, followed row by row, so a
 * thread's messages and an invoice's rows are their owner's too), the values a route's parameter
 * can name, and the texts only that person's rows contain. A new module's tables are picked up
 * without code here.
 */

type Row = Record<string, unknown>;

/** Tables every request writes to or that belong to no patient (who read what, sessions, limits). */
const BOOKKEEPING_TABLES = new Set(['audit_log', 'sessions', 'api_rate_limits', 'identity_rate_limits', 'seed_marker']);

/** A fingerprint shorter than this could be any word in a page (a status, a unit, a first name). */
const MIN_FINGERPRINT_LENGTH = 6;

interface Reference {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

export interface Schema {
  /** table → column → data type */
  columns: Map<string, Map<string, string>>;
  references: Reference[];
}

const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
};

export async function readSchema(db: Database): Promise<Schema> {
  const columns = new Map<string, Map<string, string>>();
  const columnRows = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  for (const row of columnRows) {
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Map());
    columns.get(row.table_name)!.set(row.column_name, row.data_type);
  }
  const references = await rowsOf<Reference>(
    db,
    sql`select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "refTable", ccu.column_name as "refColumn"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  // A person column a module declared without a foreign key still names its owner.
  for (const [table, cols] of columns) {
    for (const [column, type] of cols) {
      if (type === 'uuid' && column.endsWith('person_id') && !references.some((r) => r.table === table && r.column === column)) {
        references.push({ table, column, refTable: 'people', refColumn: 'id' });
      }
    }
  }
  return { columns, references };
}

/** Every row of every table, as JSON (dates and times as text): the demo world is small. */
export async function readAllRows(db: Database, schema: Schema): Promise<Map<string, Row[]>> {
  const all = new Map<string, Row[]>();
  for (const [table, columns] of schema.columns) {
    // In the order of the first column (the id, mostly), so PGlite and PostgreSQL try the same first rows.
    const first = sql.identifier([...columns.keys()][0]!);
    all.set(table, (await rowsOf<{ r: Row }>(db, sql`select row_to_json(x) as r from ${sql.identifier(table)} x order by x.${first}`)).map((row) => row.r));
  }
  return all;
}

/** Every row of `personId`'s, table by table (the `people` row included). */
export function ownedRows(schema: Schema, all: Map<string, Row[]>, personId: string): Map<string, Row[]> {
  const owned = new Map<string, Row[]>([['people', (all.get('people') ?? []).filter((row) => row.id === personId)]]);
  // Ownership travels along foreign keys (person → messaging user → thread → message): repeat until nothing new is found.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [table, rows] of all) {
      if (table === 'people' || BOOKKEEPING_TABLES.has(table)) continue;
      const keys = schema.references
        .filter((ref) => ref.table === table)
        .map((ref) => ({ column: ref.column, values: new Set((owned.get(ref.refTable) ?? []).map((row) => String(row[ref.refColumn]))) }))
        .filter((key) => key.values.size > 0);
      const mine = rows.filter((row) => keys.some((key) => row[key.column] !== null && key.values.has(String(row[key.column]))));
      if (mine.length !== (owned.get(table)?.length ?? 0)) {
        owned.set(table, mine);
        changed = true;
      }
    }
  }
  for (const [table, rows] of owned) if (rows.length === 0) owned.delete(table);
  return owned;
}

/** A stable text of everything a person owns, to compare before and after others' requests. */
export function snapshot(owned: Map<string, Row[]>): Map<string, string> {
  const sorted = (rows: Row[]) => rows.map((row) => JSON.stringify(row)).sort();
  return new Map([...owned].map(([table, rows]) => [table, JSON.stringify(sorted(rows))]));
}

/**
 * The values of the columns named `stem` or ending in `_<stem>` (`id`: only the rows' own ids;
 * `token` → `link_token`; `date` → `sample_date`; `number` → `invoice_number`) in these rows.
 * `perColumn` bounds how many of one table's column are taken (its first rows').
 */
export function parameterValues(owned: Map<string, Row[]>, stem: string, perColumn = Number.POSITIVE_INFINITY): string[] {
  const values: string[] = [];
  for (const rows of owned.values()) {
    const columns = Object.keys(rows[0] ?? {}).filter((column) => column === stem || (stem !== 'id' && column.endsWith(`_${stem}`)));
    for (const column of columns) {
      const distinct = [...new Set(rows.map((row) => row[column]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String))];
      values.push(...distinct.slice(0, perColumn));
    }
  }
  return [...new Set(values)];
}

function textsOf(row: Row): string[] {
  return Object.values(row).filter((v): v is string => typeof v === 'string');
}

/** Texts and JSON values (a practitioner's fees, a form) alike: whatever another row holds. */
function everythingIn(row: Row): string[] {
  return Object.values(row).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
}

/** A code (`cancelled`, `medicalCertificateA`, a product code), a date or a time: what any page may hold. */
const NOT_PERSONAL = [/^[a-z][A-Za-z_-]*$/, /^\d{4}-\d{2}-\d{2}/, /^\d+$/];

/**
 * The texts that are this person's and no one else's: every text value of their rows (at least
 * MIN_FINGERPRINT_LENGTH long, not a code or a date) that no other row of any table contains. An
 * answer to anyone else that holds one of them shows this person's data.
 */
export function fingerprints(all: Map<string, Row[]>, owned: Map<string, Row[]>): string[] {
  const own = new Set([...owned.values()].flat());
  const candidates = new Set(
    [...owned.values()]
      .flat()
      .flatMap(textsOf)
      .map((text) => text.trim())
      .filter((text) => text.length >= MIN_FINGERPRINT_LENGTH && !NOT_PERSONAL.some((pattern) => pattern.test(text))),
  );
  // One text of everything else, so each candidate is one search.
  const others = [...all.values()].flat().filter((row) => !own.has(row)).flatMap(everythingIn).join('\u0000');
  return [...candidates].filter((text) => !others.includes(text));
}

/** The fingerprints an answer's body holds (as sent: raw, or escaped inside JSON). */
export function leakedIn(body: string, prints: readonly string[]): string[] {
  return prints.filter((text) => body.includes(text) || body.includes(JSON.stringify(text).slice(1, -1)));
}
