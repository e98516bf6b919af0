// PDF export through every door: the bytes come back, bad settings are 400s naming the field.
import { pdfExportCases } from './cases/pdf-export.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('pdf export', pdfExportCases);
