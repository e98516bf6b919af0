// Reads a database's catalog — tables and views the connection may select from, their columns,
// types and comments — from PostgreSQL (pg_catalog) or MySQL/MariaDB (information_schema).
import { loadMysqlPromise, loadPostgres } from '../libs.ts';

export type ConnectionType = 'postgres' | 'mysql';

export interface CatalogColumn {
  name: string;
  type: string;
  nullable: boolean;
  comment: string | null;
}

export interface CatalogTable {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  comment: string | null;
  columns: CatalogColumn[];
}

const TIMEOUT_MS = 15_000;

export async function readCatalog(type: ConnectionType, url: string): Promise<CatalogTable[]> {
  return type === 'postgres' ? readPostgres(url) : readMysql(url);
}

/** Connects and runs `select 1`: the check of a new connection. */
export async function probe(type: ConnectionType, url: string): Promise<void> {
  if (type === 'postgres') {
    const postgres = await loadPostgres();
    const sql = postgres(url, { max: 1, connect_timeout: 5, idle_timeout: 1, onnotice: () => undefined });
    try {
      await sql`select 1`;
    } finally {
      await sql.end({ timeout: 1 }).catch(() => undefined);
    }
    return;
  }
  const mysql = await loadMysqlPromise();
  const conn = await mysql.createConnection({ uri: url, connectTimeout: 5000 });
  try {
    await conn.query('SELECT 1');
  } finally {
    conn.destroy();
  }
}

async function readPostgres(url: string): Promise<CatalogTable[]> {
  const postgres = await loadPostgres();
  const sql = postgres(url, { max: 1, connect_timeout: 10, idle_timeout: 1, onnotice: () => undefined, connection: { statement_timeout: TIMEOUT_MS } as Record<string, number> });
  try {
    const rows = await sql<{ schema: string; table: string; relkind: string; table_comment: string | null; column: string; type: string; notnull: boolean; column_comment: string | null }[]>`
      select n.nspname as schema, c.relname as table, c.relkind, obj_description(c.oid, 'pg_class') as table_comment,
             a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
             col_description(c.oid, a.attnum) as column_comment
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'v', 'm', 'p', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
        and has_table_privilege(c.oid, 'SELECT')
      order by n.nspname, c.relname, a.attnum`;
    return group(rows.map((r) => ({ schema: r.schema, table: r.table, kind: r.relkind === 'v' || r.relkind === 'm' ? 'view' : 'table', tableComment: r.table_comment, column: { name: r.column, type: r.type, nullable: !r.notnull, comment: r.column_comment } })));
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined);
  }
}

async function readMysql(url: string): Promise<CatalogTable[]> {
  const mysql = await loadMysqlPromise();
  const conn = await mysql.createConnection({ uri: url, connectTimeout: 10_000 });
  try {
    const [rows] = await conn.query({
      sql: `SELECT c.TABLE_SCHEMA AS s, c.TABLE_NAME AS t, t.TABLE_TYPE AS tt, t.TABLE_COMMENT AS tc, c.COLUMN_NAME AS col, c.COLUMN_TYPE AS ty, c.IS_NULLABLE AS nul, c.COLUMN_COMMENT AS cc
            FROM information_schema.COLUMNS c JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
            WHERE (DATABASE() IS NULL AND c.TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')) OR c.TABLE_SCHEMA = DATABASE()
            ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION`,
      timeout: TIMEOUT_MS,
    });
    return group(
      (rows as Record<string, string>[]).map((r) => ({
        schema: r.s!,
        table: r.t!,
        kind: /VIEW/i.test(r.tt ?? '') ? 'view' : 'table',
        tableComment: r.tc || null,
        column: { name: r.col!, type: r.ty!, nullable: r.nul === 'YES', comment: r.cc || null },
      })),
    );
  } finally {
    conn.destroy();
  }
}

function group(rows: { schema: string; table: string; kind: string; tableComment: string | null; column: CatalogColumn }[]): CatalogTable[] {
  const out = new Map<string, CatalogTable>();
  for (const r of rows) {
    const key = `${r.schema}\u0000${r.table}`;
    let t = out.get(key);
    if (!t) out.set(key, (t = { schema: r.schema, name: r.table, kind: r.kind as 'table' | 'view', comment: r.tableComment, columns: [] }));
    t.columns.push(r.column);
  }
  return [...out.values()];
}
