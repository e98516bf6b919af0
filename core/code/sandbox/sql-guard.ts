// A first line of defence for SQL cells, before the read-only transaction and the database role:
// one statement, of a reading kind, naming none of the server-side file/program/admin functions
// a superuser could reach even inside a read-only transaction (COPY ... TO PROGRAM, INTO OUTFILE,
// pg_read_file, ...). Literals and comments are skipped, so a word inside a string does not count.

export type Dialect = 'postgres' | 'mysql';

export type SqlCheck = { ok: true; statement: string; kind: 'query' | 'utility' } | { ok: false; error: string };

const QUERY = new Set(['select', 'with', 'values', 'table']);
const UTILITY = new Set(['show', 'explain', 'describe', 'desc']);

/** Functions and clauses that reach the server's files, programs or other sessions. */
const DENIED: Record<Dialect, RegExp> = {
  postgres: /\b(pg_read_file|pg_read_binary_file|pg_ls_dir|pg_ls_\w+|pg_stat_file|lo_import|lo_export|lo_from_bytea|lo_put|lo_unlink|dblink\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|set_config|pg_logical_emit_message|pg_switch_wal|pg_create_restore_point|pg_promote|pg_file_write|pg_execute_server_program|copy)\b/i,
  mysql: /\b(into\s+(outfile|dumpfile)|load_file|load\s+data|sys_exec|sys_eval)\b/i,
};

/**
 * Replaces literals and comments with placeholders, so keywords are found only in the SQL itself,
 * and reports where the first statement-ending ';' is in the original text.
 */
export function stripLiterals(sql: string, dialect: Dialect): { bare: string; firstSemi: number } {
  let out = '';
  let firstSemi = -1;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if ((ch === '-' && next === '-') || (ch === '#' && dialect === 'mysql')) {
      while (i < n && sql[i] !== '\n') i++;
      out += ' ';
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        }
        else if (dialect === 'postgres' && sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        }
        else i++;
      }
      out += ' ';
    } else if (ch === "'" || ch === '"' || (ch === '`' && dialect === 'mysql')) {
      i = skipQuoted(sql, i, ch, dialect === 'mysql' && ch !== '`');
      out += ch === "'" || (dialect === 'mysql' && ch === '"') ? " '' " : ' "x" ';
    } else if (ch === '$' && dialect === 'postgres' && /^\$[A-Za-z_]?\w*\$/.test(sql.slice(i, i + 64))) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      i = end < 0 ? n : end + tag.length;
      out += " '' ";
    } else {
      if (ch === ';' && firstSemi < 0) firstSemi = i;
      out += ch;
      i++;
    }
  }
  return { bare: out, firstSemi };
}

function skipQuoted(sql: string, start: number, quote: string, backslash: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (backslash && ch === '\\') i += 2;
    else if (ch === quote && sql[i + 1] === quote) i += 2;
    else if (ch === quote) return i + 1;
    else i++;
  }
  return i;
}

export function checkSql(sql: string, dialect: Dialect): SqlCheck {
  const { bare, firstSemi } = stripLiterals(sql, dialect);
  const semi = bare.indexOf(';');
  if (semi >= 0 && bare.slice(semi + 1).replace(/;/g, '').trim() !== '') {
    return { ok: false, error: 'SQL cells run one statement; remove everything after the first ";".' };
  }
  const statement = (firstSemi >= 0 ? sql.slice(0, firstSemi) : sql).trim();
  const body = semi >= 0 ? bare.slice(0, semi) : bare;
  const first = /^[\s(]*([A-Za-z]+)/.exec(body)?.[1]?.toLowerCase();
  if (!first) return { ok: false, error: 'The SQL is empty; write one SELECT (or WITH, VALUES, TABLE, SHOW, EXPLAIN) statement.' };
  if (!QUERY.has(first) && !UTILITY.has(first)) {
    return { ok: false, error: `SQL cells are read-only: only SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN and DESCRIBE statements run; this one starts with ${first.toUpperCase()}.` };
  }
  const denied = DENIED[dialect].exec(body);
  if (denied) return { ok: false, error: `SQL cells may not use ${denied[0].replace(/\s+/g, ' ').toUpperCase()}: it reaches the database server's files, programs or sessions.` };
  return { ok: true, statement, kind: QUERY.has(first) ? 'query' : 'utility' };
}
