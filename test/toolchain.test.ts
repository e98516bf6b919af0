// The toolchain the npm scripts run on: Node 20 (isolated-vm is built for it). The Node 24 binary
// that the Inspector conformance test needs must not shadow it (package.json postinstall).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

describe('toolchain', () => {
  it('runs the scripts on the Node that isolated-vm was built for', () => {
    expect(existsSync(join(ROOT, 'node_modules/.bin/node')), 'node_modules/.bin/node would put Node 24 first on the scripts\' PATH; run npm install (postinstall removes it)').toBe(false);
    expect(Number(process.versions.node.split('.')[0])).toBe(20);
  });
});
