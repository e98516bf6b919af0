// Imports and exports (spec §4.2): files in and out of the service.
import { exportPdf } from './export-pdf.ts';

export const ioOps = [exportPdf] as const;
