// Which system tools the code-cell tests need, and whether this machine has them. A missing tool
// skips the tests that need it with a printed reason — except under CI=true, where it fails.
import { spawnSync } from 'node:child_process';

const PYTHON = process.env.SHEETS_PYTHON ?? '/usr/bin/python3';

function missingPython(): string | null {
  if (spawnSync('bwrap', ['--version']).status !== 0) return 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap';
  const py = spawnSync(PYTHON, ['-c', 'import pandas, numpy']);
  if (py.status !== 0) return `${PYTHON} cannot import pandas/numpy: apt-get install python3-pandas python3-numpy`;
  const sb = spawnSync('bwrap', ['--unshare-all', '--ro-bind', '/usr', '/usr', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/bin', '/bin', '--proc', '/proc', '--dev', '/dev', PYTHON, '-c', 'print(1)']);
  if (sb.status !== 0) return `bubblewrap cannot start a sandbox here (${sb.stderr.toString().trim()}); user namespaces may be disabled`;
  return null;
}

let cached: string | null | undefined;

/** Null when Python cells can run; otherwise what to install. Under CI=true a missing tool throws. */
export function pythonMissing(): string | null {
  if (cached === undefined) cached = missingPython();
  if (cached && process.env.CI === 'true') throw new Error(`CI: Python code-cell tests need: ${cached}`);
  if (cached) console.warn(`skipping Python code-cell tests: ${cached}`);
  return cached;
}

export const PG_URL = process.env.SHEETS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.SHEETS_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** Null when the database answers; otherwise why not (skips, or fails under CI=true). */
export async function databaseMissing(kind: 'postgres' | 'mysql'): Promise<string | null> {
  let reason: string | null = null;
  try {
    if (kind === 'postgres') {
      const { default: postgres } = await import('postgres');
      const sql = postgres(PG_URL, { max: 1, connect_timeout: 3, onnotice: () => undefined });
      await sql`select 1`.finally(() => sql.end({ timeout: 1 }));
    } else {
      const mysql = await import('mysql2/promise');
      const conn = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
      await conn.query('SELECT 1');
      conn.destroy();
    }
  } catch (err) {
    reason = `${kind} at ${kind === 'postgres' ? PG_URL : MYSQL_URL} is not reachable (${(err as Error).message})`;
  }
  if (reason && process.env.CI === 'true') throw new Error(`CI: SQL code-cell tests need ${reason}`);
  if (reason) console.warn(`skipping ${kind} tests: ${reason}`);
  return reason;
}
