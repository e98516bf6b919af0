// npm run visual [-- file ...]: the service's PDF of each Excel workbook of the visual suite next to
// LibreOffice's PDF of the original (test/helpers/visual.ts); prints pages and the difference per
// page and writes every page side by side into test-results/visual/.
import { mkdirSync, rmSync } from 'node:fs';
import { compareVisually } from '../test/helpers/visual.ts';
import { VISUAL_SUITE } from '../test/visual-suite.ts';

const files = process.argv.slice(2).length ? process.argv.slice(2) : VISUAL_SUITE.map((c) => c.file);
const out = 'test-results/visual';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const r of await compareVisually(files, out, out, 0, true)) {
  process.stdout.write(`${r.file.padEnd(36)} pages ${r.pages.ours}/${r.pages.libreOffice} (ours/LibreOffice)  ${r.differences.map((d) => (d * 100).toFixed(1) + '%').join(' ')}\n`);
}
