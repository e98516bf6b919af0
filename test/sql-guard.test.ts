// The statement check in front of SQL cells: one reading statement, no server-side file/program
// functions, and literals and comments never count.
import { describe, expect, it } from 'vitest';
import { checkSql } from '../core/code/sandbox/sql-guard.ts';

describe('checkSql', () => {
  it.each([
    ['select 1;', 'postgres', 'select 1'],
    ["select ';drop table x' as t; -- trailing comment", 'postgres', "select ';drop table x' as t"],
    ['/* hi */ with a as (select 1) select * from a', 'postgres', '/* hi */ with a as (select 1) select * from a'],
    ['select $$;delete$$', 'postgres', 'select $$;delete$$'],
    ['(select 1) union (select 2)', 'postgres', '(select 1) union (select 2)'],
    ["select 'into outfile' as x", 'mysql', "select 'into outfile' as x"],
    ["select 'a\\';drop' x # c", 'mysql', "select 'a\\';drop' x # c"],
    ['show tables', 'mysql', 'show tables'],
    ['values (1), (2)', 'postgres', 'values (1), (2)'],
  ] as const)('accepts %s', (sql, dialect, statement) => {
    expect(checkSql(sql, dialect)).toMatchObject({ ok: true, statement });
  });

  it.each([
    ['insert into t values (1)', 'postgres', /starts with INSERT/],
    ['update t set a = 1', 'mysql', /starts with UPDATE/],
    ['drop table t', 'postgres', /starts with DROP/],
    ["copy (select 1) to program 'id'", 'postgres', /starts with COPY/],
    ['select 1; drop table t', 'postgres', /one statement/],
    ['select 1 -- x\n; delete from t', 'postgres', /one statement/],
    ["select pg_read_file('/etc/passwd')", 'postgres', /PG_READ_FILE/],
    ["select * from dblink('host=x', 'select 1') as t(a int)", 'postgres', /DBLINK/],
    ["select 1 into outfile '/tmp/x'", 'mysql', /INTO OUTFILE/],
    ["select load_file('/etc/passwd')", 'mysql', /LOAD_FILE/],
    ['   ', 'postgres', /empty/],
    ['-- only a comment', 'postgres', /empty/],
  ] as const)('refuses %s', (sql, dialect, message) => {
    const out = checkSql(sql, dialect);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(message);
  });
});
