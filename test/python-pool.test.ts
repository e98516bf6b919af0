// A Python sandbox that cannot start fails its cells with the reason, and the pool waits before
// trying again (0.5 s, doubling) instead of respawning in a tight loop; the process is unharmed.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { limitsOf } from '../core/code/runners.ts';
import { PythonPool } from '../core/code/sandbox/python.ts';
import type { RunRequest } from '../core/code/sandbox/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'sheets-pool-'));
// Readable by the sandbox user: a root server starts bubblewrap as uid 65534.
chmodSync(dir, 0o755);
const savedPath = process.env.PATH;
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(dir, { recursive: true, force: true });
});

const limits = limitsOf(loadConfig({ DATA_DIR: 'memory://' }).code);
const job: RunRequest = { language: 'python', code: '1', label: 'A1', read: async () => [] };

describe('a Python sandbox that cannot start', () => {
  it('fails the cell with the reason when the interpreter is missing, and pauses further starts', async () => {
    const pool = new PythonPool(join(dir, 'no-such-python'), 2, limits);
    const first = await pool.run(job);
    expect(first.ok).toBe(false);
    expect(!first.ok && first.error).toMatch(/The Python sandbox could not start: .*no-such-python/);
    // Within the backoff the next cell fails at once and says when the next attempt is.
    const second = await pool.run(job);
    expect(!second.ok && second.error).toMatch(/the next attempt is in 1 s/);
    await pool.close();
  });

  it('does not respawn in a loop when bubblewrap exits at once', async () => {
    const counter = join(dir, 'starts');
    writeFileSync(counter, '');
    chmodSync(counter, 0o666);
    writeFileSync(join(dir, 'bwrap'), `#!/bin/sh\necho x >> ${counter}\necho "bwrap: no permission" >&2\nexit 1\n`);
    chmodSync(join(dir, 'bwrap'), 0o755);
    process.env.PATH = `${dir}:${savedPath}`;
    const pool = new PythonPool('/usr/bin/python3', 2, limits);
    const results = await Promise.all(Array.from({ length: 20 }, () => pool.run(job)));
    for (const r of results) expect(!r.ok && r.error).toMatch(/^The Python sandbox could not start: the sandbox stopped \(exit 1\): bwrap: no permission/);
    await new Promise((r) => setTimeout(r, 300));
    // Twenty waiting cells, one failed start: no start per cell, no loop.
    expect(readFileSync(counter, 'utf8').trim().split('\n').length).toBeLessThanOrEqual(2);
    await pool.close();
  });
});
