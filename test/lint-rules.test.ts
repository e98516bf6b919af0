// The architecture's boundaries are lint rules (eslint.config.js): each one fires on a line that
// crosses it. `npm run lint` in CI then proves the code keeps them, circles included.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

const eslint = new ESLint({ cwd: ROOT });

async function rulesHit(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${path}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('boundary rules', { timeout: 60_000 }, () => {
  it('core imports no door and no db', async () => {
    expect(await rulesHit('core/new-thing.ts', "import { buildApp } from '../rest/app.ts';\nexport const x = buildApp;\n")).toEqual([expect.stringMatching(/no-restricted-imports: .*transport-neutral/)]);
    expect(await rulesHit('core/new-thing.ts', "import { PgStore } from '../db/store.ts';\nexport const x = PgStore;\n")).toEqual([expect.stringMatching(/no-restricted-imports: .*Store interface/)]);
  });

  it('db imports no door', async () => {
    expect(await rulesHit('db/new-thing.ts', "import { buildMcpServer } from '../mcp/server.ts';\nexport const x = buildMcpServer;\n")).toEqual([expect.stringMatching(/no-restricted-imports: .*db implements core\/store.ts; it imports no door/)]);
  });

  it('an op file imports no other op file, in its area or another', async () => {
    expect(await rulesHit('core/ops/cells/write-cells.ts', "import { createFile } from '../files/create-file.ts';\nexport const x = createFile;\n")).toEqual([expect.stringMatching(/an op file imports no other op file/)]);
    expect(await rulesHit('core/ops/cells/write-cells.ts', "import { readCells } from './read-cells.ts';\nexport const x = readCells;\n")).toEqual([expect.stringMatching(/an op file imports no other op file/)]);
    // What ops share lives in core/<area>/ and is fine to import.
    expect(await rulesHit('core/ops/cells/write-cells.ts', "import { toContents } from '../../cells/write-input.ts';\nexport const x = toContents;\n")).toEqual([]);
  });
});
