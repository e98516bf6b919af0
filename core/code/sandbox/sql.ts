// SQL code cells against a space's connection: one statement (sql-guard.ts), in a read-only
// transaction with a statement timeout, at most SHEETS_SQL_MAX_ROWS rows; the result spills as a
// table with a header row. A fresh connection per run, closed afterwards. {{A1}} in the SQL binds
// that cell's value as a query parameter (never spliced into the text), and makes the cell an input.
import type mysql from 'mysql2';
import { loadMysql, loadPostgres } from '../../libs.ts';
import { checkSql } from './sql-guard.ts';
import { failure, type Limits, type RunRequest, type RunResult, type Runner, type WireScalar } from './types.ts';

const CONNECT_TIMEOUT_S = 10;
/** {{A1}} or {{Sheet2!B3}}: a cell whose value is bound as a parameter. */
const PLACEHOLDER = /\{\{([^{}]{1,300})\}\}/g;

function paramOf(v: WireScalar): unknown {
  return v !== null && typeof v === 'object' ? v.d.replace('T', ' ') : v;
}

interface Table {
  columns: string[];
  rows: WireScalar[][];
  truncated: boolean;
}

export class SqlRunner implements Runner {
  constructor(private readonly limits: Limits) {}

  async run(req: RunRequest): Promise<RunResult> {
    if (!req.connection) return failure('This SQL cell has no connection; set connection_uuid.');
    const dialect = req.connection.type;
    const refs: string[] = [];
    const text = req.code.replace(PLACEHOLDER, (_m, ref: string) => {
      refs.push(ref.trim());
      return dialect === 'postgres' ? `$${refs.length}` : '?';
    });
    const check = checkSql(text, dialect);
    if (!check.ok) return failure(check.error);
    const params: unknown[] = [];
    for (const ref of refs) {
      try {
        params.push(paramOf((await req.read(ref, true))[0]?.[0] ?? null));
      } catch (err) {
        return failure(`{{${ref}}}: ${(err as Error).message}`);
      }
    }
    let table: Table;
    try {
      table = dialect === 'postgres' ? await this.postgres(req.connection.url, check.statement, check.kind, params) : await this.mysql(req.connection.url, check.statement, params);
    } catch (err) {
      return failure(this.describe(err, dialect));
    }
    const output = table.truncated ? `The result was cut to the first ${this.limits.sqlMaxRows} rows (the row limit of SQL cells).\n` : '';
    const rows: WireScalar[][] = [table.columns, ...table.rows];
    if (rows.length * Math.max(table.columns.length, 1) > this.limits.maxCells) {
      return failure(`Result too large: ${table.rows.length} rows x ${table.columns.length} columns; at most ${this.limits.maxCells} cells can spill. Add a LIMIT or select fewer columns.`, output);
    }
    return { ok: true, value: { kind: 'grid', rows }, output };
  }

  async close(): Promise<void> {}

  private describe(err: unknown, dialect: 'postgres' | 'mysql'): string {
    const e = err as { message?: string; code?: string };
    const msg = e?.message ?? String(err);
    if (/statement timeout|max_statement_time|max_execution_time|timed? ?out|Query inactivity timeout/i.test(msg)) {
      return `Timed out: the query ran longer than ${this.limits.sqlTimeoutMs / 1000} s (the limit for SQL cells) and was cancelled.`;
    }
    const name = dialect === 'postgres' ? 'PostgreSQL' : 'MySQL';
    if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|CONNECT_TIMEOUT|connect/i.test(`${e?.code ?? ''} ${msg}`) && !/syntax/i.test(msg)) return `Could not connect to the ${name} database: ${msg}`;
    return `${name}: ${msg}`;
  }

  private async postgres(url: string, statement: string, kind: 'query' | 'utility', params: unknown[]): Promise<Table> {
    const ms = this.limits.sqlTimeoutMs;
    const postgres = await loadPostgres();
    const sql = postgres(url, {
      max: 1,
      connect_timeout: CONNECT_TIMEOUT_S,
      idle_timeout: 1,
      onnotice: () => undefined,
      connection: { application_name: 'sheets code cell', statement_timeout: ms, default_transaction_read_only: 'on' } as Record<string, string | number>,
    });
    const backstop = setTimeout(() => void sql.end({ timeout: 0 }), ms + CONNECT_TIMEOUT_S * 1000 + 5000);
    try {
      return await sql.begin('read only', async (tx) => {
        await tx.unsafe(`set local statement_timeout = ${Math.floor(ms)}`);
        // Extended protocol (prepare): the server itself refuses a second statement.
        const query = tx.unsafe(statement, params as never[], { prepare: true }).values();
        const rows: unknown[][] = [];
        let types: number[] = [];
        if (kind === 'utility') {
          const all = await query;
          rows.push(...(all as unknown as unknown[][]));
          types = (all.columns ?? []).map((c) => c.type);
        } else {
          for await (const batch of query.cursor(this.limits.sqlMaxRows + 1)) {
            rows.push(...(batch as unknown as unknown[][]));
            break;
          }
        }
        const columns = (query as unknown as { statement?: { columns?: { name: string; type: number }[] } }).statement?.columns ?? [];
        if (!types.length) types = columns.map((c) => c.type);
        const truncated = rows.length > this.limits.sqlMaxRows;
        return { columns: columns.map((c) => c.name), rows: rows.slice(0, this.limits.sqlMaxRows).map((r) => r.map((v, i) => pgValue(v, types[i]))), truncated };
      });
    } finally {
      clearTimeout(backstop);
      await sql.end({ timeout: 1 }).catch(() => undefined);
    }
  }

  private async mysql(url: string, statement: string, params: unknown[]): Promise<Table> {
    const ms = this.limits.sqlTimeoutMs;
    const conn = (await loadMysql()).createConnection({ uri: url, multipleStatements: false, connectTimeout: CONNECT_TIMEOUT_S * 1000, dateStrings: true, supportBigNumbers: true, typeCast: mysqlCast });
    const q = (text: string) => new Promise<void>((resolve, reject) => conn.query(text, (err) => (err ? reject(err) : resolve())));
    return new Promise<Table>((resolve, reject) => {
      let settled = false;
      const done = (err: unknown, table?: Table) => {
        if (settled) return;
        settled = true;
        conn.destroy();
        if (err) reject(err);
        else resolve(table!);
      };
      conn.once('error', (err) => done(err));
      (async () => {
        await q('SET SESSION TRANSACTION READ ONLY');
        const mariadb = /mariadb/i.test(await version(conn));
        await q(mariadb ? `SET SESSION max_statement_time = ${ms / 1000}` : `SET SESSION max_execution_time = ${Math.floor(ms)}`);
        await q('START TRANSACTION READ ONLY');
        const table: Table = { columns: [], rows: [], truncated: false };
        const query = conn.query({ sql: statement, ...(params.length ? { values: params } : {}), rowsAsArray: true, timeout: ms + 2000 });
        query.on('fields', (fields: { name: string }[]) => (table.columns = (fields ?? []).map((f) => f.name)));
        query.on('result', (row: unknown) => {
          if (!Array.isArray(row)) return;
          if (table.rows.length >= this.limits.sqlMaxRows) {
            table.truncated = true;
            return done(null, table);
          }
          table.rows.push(row.map((v) => mysqlValue(v)));
        });
        query.on('error', (err: Error) => done(err));
        query.on('end', () => done(null, table));
      })().catch((err) => done(err));
    });
  }
}

function version(conn: mysql.Connection): Promise<string> {
  return new Promise((resolve, reject) => conn.query({ sql: 'SELECT VERSION()', rowsAsArray: true }, (err, rows) => (err ? reject(err) : resolve(String((rows as unknown[][])[0]?.[0] ?? '')))));
}

const PG_NUMERIC = new Set([20, 1700]); // int8, numeric: strings in postgres.js

function pgValue(v: unknown, type: number | undefined): WireScalar {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && type !== undefined && PG_NUMERIC.has(type)) return numeric(v);
  return common(v);
}

/** Decimal text as a number; an integer beyond 2^53 stays text so no digit is lost. */
function numeric(s: string): number | string {
  const n = Number(s);
  if (!Number.isFinite(n)) return s;
  return /^-?\d+$/.test(s) && !Number.isSafeInteger(n) ? s : n;
}

function mysqlValue(v: unknown): WireScalar {
  if (v === null || v === undefined) return null;
  return common(v);
}

function common(v: unknown): WireScalar {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { d: v.toISOString().slice(0, 19).replace(/T00:00:00$/, '') };
  if (Buffer.isBuffer(v)) return `0x${v.subarray(0, 1024).toString('hex')}${v.length > 1024 ? '…' : ''}`;
  if (typeof v === 'object' && 'd' in (v as object)) return v as { d: string };
  return JSON.stringify(v);
}

/** MySQL: decimals and big integers as numbers, dates as our {d} values (read as strings, no time zone shift). */
function mysqlCast(field: { type: string; string(): string | null }, next: () => unknown): unknown {
  if (field.type === 'NEWDECIMAL' || field.type === 'DECIMAL' || field.type === 'LONGLONG') {
    const s = field.string();
    return s === null ? null : numeric(s);
  }
  if (field.type === 'DATE' || field.type === 'DATETIME' || field.type === 'TIMESTAMP') {
    const s = field.string();
    if (s === null || s.startsWith('0000')) return null;
    return { d: s.replace(' ', 'T').replace(/T00:00:00$/, '').slice(0, 19) };
  }
  return next();
}
