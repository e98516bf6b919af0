// Draws a planned print job into one PDF with pdfkit, page by page, reporting progress and
// stopping (throwing `cancelled`) when the caller gives up. Runs after the file's lock is released.
import type { OpContext } from '../../context.ts';
import { loadPdfKit } from '../../libs.ts';
import { progressOf } from '../../progress.ts';
import { drawPage } from './draw-page.ts';
import type { PrintJob } from './plan.ts';

export interface RenderMeta {
  title: string;
  fileName: string;
  date: string;
  /** HH:MM, printed by &T (the creation time's, in UTC, when left out). */
  time?: string;
  created: Date;
}

export async function renderJob(ctx: Pick<OpContext, 'signal' | 'progress'>, job: PrintJob, meta: RenderMeta): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: [job.format.width, job.format.height],
    margin: 0,
    info: { Title: meta.title, Creator: 'sheets', Producer: 'sheets (pdfkit)', CreationDate: meta.created },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const total = Math.max(job.pages, 1);
  const step = progressOf(ctx, total);
  let n = 0;
  for (const sheet of job.sheets) {
    for (const page of sheet.pages) {
      await step(n, `page ${n + 1} of ${total}`);
      doc.addPage({ size: [sheet.format.width, sheet.format.height], margin: 0 });
      n++;
      drawPage(doc, sheet, page, { page: n, pages: total, date: meta.date, time: meta.time ?? meta.created.toISOString().slice(11, 16), fileName: meta.fileName, sheetName: sheet.name });
    }
  }
  // Nothing to print (empty sheets): one blank page, as a PDF needs one.
  if (n === 0) doc.addPage({ size: [job.format.width, job.format.height], margin: 0 });
  await step(total, 'done');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
