import { defineArea } from '../../area.ts';
import { exportCsv } from './export-csv.ts';
import { exportFiles } from './export-files.ts';
import { exportPdf } from './export-pdf.ts';
import { exportXlsx } from './export-xlsx.ts';
import { importFile } from './import-file.ts';
import { importIntoFileOp } from './import-into-file.ts';

export const ioArea = defineArea({ name: 'io', group: 'transfer', ops: [importFile, importIntoFileOp, exportXlsx, exportFiles, exportCsv, exportPdf] });
