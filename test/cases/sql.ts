// SQL code cells and connections against real PostgreSQL and MariaDB: add a connection, read its
// catalog, search its tables, run SQL that reads cells through {{A1}} parameters and reruns when
// they change; and SQL that tries to write, escape or run forever.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import mysql from 'mysql2/promise';
import postgres from 'postgres';
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { mysqlDdl, postgresDdl, SEARCH_EXPECTATIONS } from '../helpers/sample-schema.ts';
import { MYSQL_URL, PG_URL } from '../helpers/tools.ts';
import { settle, values } from './code.ts';
import { must, newFile, type Case, type CaseGroup, type Fx } from './types.ts';

export const SQL_ENV = { SHEETS_SQL_TIMEOUT_MS: '1500', SHEETS_SQL_MAX_ROWS: '50', SECRET_KEY: 'test-secret-key-for-connections-0123456789' };

/** Databases made by the setups, dropped by the test file at the end. */
export const madeDatabases: { kind: 'postgres' | 'mysql'; name: string }[] = [];

const ROWS: [number, string, string, number][] = [
  [1, 'apples', 'north', 3],
  [2, 'pears', 'north', 5],
  [3, 'plums', 'south', 7],
  [4, 'kiwis', 'south', 11],
  [5, 'figs', 'south', 13],
];

function dbUrl(base: string, db: string): string {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
}

async function makePostgres(): Promise<{ url: string; count(): Promise<number> }> {
  const name = `sheets_it_${randomBytes(5).toString('hex')}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  madeDatabases.push({ kind: 'postgres', name });
  const url = dbUrl(PG_URL, name);
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  for (const stmt of postgresDdl('public').slice(1)) await sql.unsafe(stmt);
  for (const [id, n, region, qty] of ROWS) await sql`insert into orders (id, name, region, qty, status) values (${id}, ${n}, ${region}, ${qty}, 'open')`;
  await sql.end();
  return {
    url,
    async count() {
      const c = postgres(url, { max: 1, onnotice: () => undefined });
      try {
        return Number((await c`select count(*)::int as n from orders`)[0]!.n);
      } finally {
        await c.end();
      }
    },
  };
}

async function makeMysql(): Promise<{ url: string; count(): Promise<number> }> {
  const name = `sheets_it_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`create database ${name}`);
  await admin.end();
  madeDatabases.push({ kind: 'mysql', name });
  const url = dbUrl(MYSQL_URL, name);
  const conn = await mysql.createConnection({ uri: url });
  for (const stmt of mysqlDdl()) await conn.query(stmt);
  for (const [id, n, region, qty] of ROWS) await conn.query('insert into orders (id, name, region, qty, status) values (?, ?, ?, ?, ?)', [id, n, region, qty, 'open']);
  await conn.end();
  return {
    url,
    async count() {
      const c = await mysql.createConnection({ uri: url });
      try {
        return Number(((await c.query('select count(*) as n from orders'))[0] as { n: number }[])[0]!.n);
      } finally {
        await c.end();
      }
    },
  };
}

export async function dropMadeDatabases(): Promise<void> {
  for (const db of madeDatabases.splice(0)) {
    if (db.kind === 'postgres') {
      const admin = postgres(PG_URL, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists ${db.name} with (force)`).catch(() => undefined);
      await admin.end();
    } else {
      const admin = await mysql.createConnection({ uri: MYSQL_URL });
      await admin.query(`drop database if exists ${db.name}`).catch(() => undefined);
      await admin.end();
    }
  }
}

let cellNo = 0;
/** SQL that must fail with `error` in the cell and leave the database as it was. */
function refused(name: string, sql: string, error: RegExp): Case {
  const cell = `H${++cellNo}`;
  return {
    name,
    op: 'set_code_cell',
    args: (fx) => ({ file_uuid: fx.file, cell, language: 'connection', connection_uuid: fx.conn, code: sql }),
    then: async (door, fx) => {
      const cc = await settle(door, fx.file, cell);
      expect(cc.status, JSON.stringify(cc)).toBe('error');
      expect(cc.error).toMatch(error);
      expect(await fx.db.count()).toBe(ROWS.length);
      expect(existsSync('/tmp/sheets-pwned')).toBe(false);
      expect((await must(door, 'get_me', {})).role).toBe('owner');
    },
  };
}

function sqlGroup(kind: 'postgres' | 'mysql'): CaseGroup {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  const series = kind === 'postgres' ? 'select generate_series(1, 200) as n' : 'with recursive s(n) as (select 1 union all select n + 1 from s where n < 200) select n from s';
  return {
    name: `SQL on ${label}`,
    setup: async (door: Door): Promise<Fx> => {
      const db = kind === 'postgres' ? await makePostgres() : await makeMysql();
      const file = await newFile(door, `sql-${kind}`);
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['region'], ['north']] });
      const name = `${label} ${door.name} ${randomBytes(3).toString('hex')}`;
      const conn = (await must(door, 'add_connection', { name, type: kind, url: db.url })).uuid;
      return { db, file, conn, name };
    },
    cases: [
      {
        name: 'list_connections shows the connection and never its URL',
        op: 'list_connections',
        args: () => ({}),
        ok: (d, fx) => {
          expect(d.connections.find((c: any) => c.uuid === fx.conn)).toMatchObject({ name: fx.name, type: kind });
          expect(JSON.stringify(d)).not.toMatch(/postgres:\/\/|mysql:\/\/|127\.0\.0\.1/);
        },
      },
      { name: 'a second connection with the same name', op: 'add_connection', args: (fx) => ({ name: fx.name, type: kind, url: fx.db.url }), error: { code: 'conflict', message: /name: a connection named/ } },
      { name: 'a URL of the wrong kind', op: 'add_connection', args: () => ({ name: 'x', type: kind, url: 'http://example.com/db' }), error: { code: 'invalid_argument', message: /url: must start with/ } },
      {
        name: 'an unreachable database, without echoing the password',
        op: 'add_connection',
        args: () => ({ name: 'nowhere', type: kind, url: `${kind}://reader:hunter2@127.0.0.1:1/x` }),
        error: { code: 'invalid_argument', message: /^url: could not connect: (?!.*hunter2)/ },
      },
      {
        name: 'get_connection_schemas reads tables, columns and types from the catalog',
        op: 'get_connection_schemas',
        args: (fx) => ({ connection_ids: [fx.conn], refresh: true }),
        ok: (d, fx) => {
          expect(d.connections[0]).toMatchObject({ uuid: fx.conn, table_count: 36 });
          const orders = d.tables.find((t: any) => t.name === 'orders');
          expect(orders).toMatchObject({ connection_uuid: fx.conn, comment: 'Sales orders placed by customers', kind: 'table' });
          expect(orders.columns.find((c: any) => c.name === 'qty').type).toMatch(/^int/);
          expect(orders.columns.find((c: any) => c.name === 'total_amount').type).toMatch(/^(numeric|decimal)\(12,2\)$/);
          expect(d.tables.find((t: any) => t.name === 'employees').columns.find((c: any) => c.name === 'hireDate').comment).toBe('First day of work');
        },
      },
      ...SEARCH_EXPECTATIONS.map(([query, top]): Case => ({
        name: `search "${query}" ranks ${top} first`,
        op: 'search_connection_tables',
        args: (fx) => ({ connection_uuid: fx.conn, query, top_k: 3 }),
        ok: (d) => {
          expect(d.tables.length).toBeLessThanOrEqual(3);
          expect(d.tables[0]?.name, JSON.stringify(d.tables.map((t: any) => t.name))).toBe(top);
        },
      })),
      {
        name: 'SQL reading a cell spills a table with its header row',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'C1', language: 'connection', connection_uuid: fx.conn, code: 'select name, qty from orders where region = {{A2}} order by name' }),
        then: async (door, fx) => {
          const cc = await settle(door, fx.file, 'C1');
          expect(cc).toMatchObject({ status: 'done', language: 'connection', connection_uuid: fx.conn, reads: ['A2'], result_range: 'C1:D3' });
          expect(await values(door, fx.file, 'C1:D3')).toEqual([['name', 'qty'], ['apples', '3'], ['pears', '5']]);
        },
      },
      {
        name: 'changing the cell reruns the SQL and the spill follows',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A2', values: [['south']] }),
        then: async (door, fx) => {
          const cc = await settle(door, fx.file, 'C1');
          expect(cc.result_range).toBe('C1:D4');
          expect(await values(door, fx.file, 'C1:D5')).toEqual([['name', 'qty'], ['figs', '13'], ['kiwis', '11'], ['plums', '7'], ['', '']]);
        },
      },
      {
        name: 'a large result is cut at the row limit, and says so',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'F1', language: 'connection', connection_uuid: fx.conn, code: series }),
        then: async (door, fx) => {
          const cc = await settle(door, fx.file, 'F1');
          expect(cc).toMatchObject({ status: 'done', result_range: 'F1:F51' });
          expect(cc.output).toMatch(/cut to the first 50 rows/);
        },
      },
      refused('INSERT is refused', "insert into orders (id, name) values (99, 'x')", /SQL cells are read-only: .* starts with INSERT/),
      refused('DROP is refused', 'drop table orders', /starts with DROP/),
      refused('two statements are refused', 'select 1; drop table orders', /one statement/),
      ...(kind === 'postgres'
        ? [
            refused('COPY ... TO PROGRAM is refused', "copy (select 1) to program 'touch /tmp/sheets-pwned'", /starts with COPY/),
            refused('a write hidden in a CTE meets the read-only transaction', "with x as (insert into orders (id, name) values (99, 'x') returning id) select * from x", /read-only transaction/),
            refused('reading server files is refused', "select pg_read_file('/etc/passwd')", /may not use PG_READ_FILE/),
            refused('a query past the timeout is cancelled', 'select pg_sleep(10)', /Timed out: the query ran longer than 1.5 s/),
          ]
        : [
            refused('INTO OUTFILE is refused', "select * from orders into outfile '/tmp/sheets-pwned'", /may not use INTO OUTFILE/),
            refused('LOAD_FILE is refused', "select load_file('/etc/passwd')", /may not use LOAD_FILE/),
            refused('a query past the timeout is cancelled', 'select sleep(10)', /Timed out: the query ran longer than 1.5 s/),
          ]),
      {
        name: 'a deleted connection fails its SQL cells clearly',
        op: 'delete_connection',
        args: (fx) => ({ connection_uuid: fx.conn }),
        ok: (d) => expect(d.deleted).toBe(true),
        then: async (door, fx) => {
          await must(door, 'rerun_code_cells', { file_uuid: fx.file, range: 'C1' });
          const cc = await settle(door, fx.file, 'C1');
          expect(cc.status).toBe('error');
          expect(cc.error).toMatch(/connection of this SQL cell no longer exists/);
        },
      },
    ],
  };
}

export const postgresSql = sqlGroup('postgres');
export const mariadbSql = sqlGroup('mysql');
