import { readFileSync } from 'node:fs';
import { importWithReport } from './helpers/excel-fidelity.ts';
const { wb } = await importWithReport(readFileSync(process.argv[2]!));
for (const s of wb.sheets) console.log(s.name, JSON.stringify({ cw: s.meta.col_widths, dcw: s.meta.default_col_width, drh: s.meta.default_row_height, rh: Object.keys(s.meta.row_heights ?? {}).length, print: s.meta.print }));
