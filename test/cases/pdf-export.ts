// PDF export through every door: a PDF comes back (REST: the bytes; MCP: an embedded resource or,
// when large, a resource link), and every bad setting is a 400 naming the field and what is valid.
import { expect } from 'vitest';
import { must, newFile, type Case, type CaseGroup } from './types.ts';

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function isPdf(data: unknown): void {
  if (typeof data === 'string') return void expect(data.startsWith('%PDF-')).toBe(true);
  const parts = data as { type: string; resource?: { blob: string; mimeType: string }; mimeType?: string }[];
  const inline = parts.find((c) => c.type === 'resource');
  if (inline) {
    expect(inline.resource!.mimeType).toBe('application/pdf');
    return void expect(Buffer.from(inline.resource!.blob, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  }
  expect(parts.find((c) => c.type === 'resource_link')?.mimeType).toBe('application/pdf');
}

/** One bad body → a 400 whose message names the field (and, through `words`, what is valid). */
function bad(name: string, body: Record<string, unknown>, words: RegExp): Case {
  return { name, op: 'export_pdf', args: (fx) => ({ file_uuid: fx.file, ...body }), error: { code: 'invalid_argument', message: words } };
}

export const pdfExportCases: CaseGroup[] = [
  {
    name: 'export_pdf',
    setup: async (door) => {
      const file = await newFile(door, 'pdf-case', { sheets: ['Sheet1', 'Other'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['M', 'V'], ['a', '1'], ['b', '2']] });
      await must(door, 'add_chart', { file_uuid: file, chart_type: 'column', data_range: 'A1:B3', position: 'D2' });
      return { file };
    },
    cases: [
      { name: 'no body: a PDF', op: 'export_pdf', args: (fx) => ({ file_uuid: fx.file }), ok: isPdf },
      {
        name: 'every setting at once: a PDF',
        op: 'export_pdf',
        args: (fx) => ({
          file_uuid: fx.file,
          fileName: 'Report',
          printedAt: '2026-01-02',
          sheetIds: ['Sheet1'],
          chartImages: { 'Sheet1!D2': PNG_1X1 },
          sheetOptions: { Sheet1: { printArea: 'A1:H20', repeatRows: '1:1', repeatCols: 'A', rowBreaks: [10], colBreaks: ['C', 5] } },
          pageSetup: {
            paperSize: 'a4',
            orientation: 'landscape',
            pageOrder: 'overThenDown',
            margins: { top: 1, bottom: 1, left: 0.5, right: 0.5, header: 0.4, footer: 0.4 },
            scaling: { type: 'fitTo', width: 1, height: null },
            centerHorizontally: true,
            centerVertically: false,
            printGridlines: true,
            printHeadings: true,
            header: { left: '&A &T&Z', center: '&B&F&B &"Arial,Bold Italic"&14&KFF0000&U&I&Sx&X2&Y', right: '&D &P+1&G' },
            footer: { center: 'Page &P of &N', right: 'R&&D' },
          },
        }),
        ok: isPdf,
      },
      bad('an unknown top-level property', { paperSize: 'a4' }, /paperSize: unknown field/),
      bad('an unknown pageSetup property', { pageSetup: { paper: 'a4' } }, /pageSetup\.paper: unknown field/),
      bad('an unknown sheetOptions property', { sheetOptions: { Sheet1: { fitToPage: true } } }, /sheetOptions\.Sheet1\.fitToPage: unknown field/),
      bad('an unknown paper size', { pageSetup: { paperSize: 'b5' } }, /pageSetup\.paperSize: must be one of "letter", "legal", "tabloid", "executive", "a3", "a4", "a5"/),
      bad('an unknown orientation', { pageSetup: { orientation: 'sideways' } }, /pageSetup\.orientation: must be one of "portrait", "landscape"/),
      bad('an unknown page order', { pageSetup: { pageOrder: 'random' } }, /pageSetup\.pageOrder: must be one of "downThenOver", "overThenDown"/),
      bad('a negative margin', { pageSetup: { margins: { top: -1 } } }, /pageSetup\.margins\.top: must be 0\.\.10 inches/),
      bad('margins that leave no room', { pageSetup: { margins: { left: 5, right: 3.5 } } }, /pageSetup\.margins: left \+ right .* make them smaller/),
      bad('a zoom below 10 %', { pageSetup: { scaling: { type: 'zoom', percent: 5 } } }, /pageSetup\.scaling\.percent: must be 10\.\.400/),
      bad('an unknown scaling type', { pageSetup: { scaling: { type: 'stretch' } } }, /pageSetup\.scaling\.type: must be \{type: "zoom".*fitTo/),
      bad('fitTo 0 pages wide', { pageSetup: { scaling: { type: 'fitTo', width: 0, height: 1 } } }, /pageSetup\.scaling\.width: must be 1\.\.1000 pages/),
      bad('a boolean given as text', { pageSetup: { printGridlines: 'yes' } }, /pageSetup\.printGridlines: expected boolean/),
      bad('an unknown header code', { pageSetup: { header: { left: 'R&D &Q' } } }, /pageSetup\.header\.left: unknown code &Q; codes are &P page/),
      bad('a footer ending in a lone &', { pageSetup: { footer: { right: 'Q&' } } }, /pageSetup\.footer\.right: ends with a lone &/),
      bad('an unknown sheet in sheetIds', { sheetIds: ['Nope'] }, /sheetIds\[0\]: no sheet 'Nope'; sheets are 'Sheet1', 'Other'/),
      bad('an empty sheetIds', { sheetIds: [] }, /sheetIds: list at least one sheet/),
      bad('sheetOptions for an unknown sheet', { sheetOptions: { Nope: {} } }, /sheetOptions\.Nope: no sheet 'Nope'/),
      bad('a print area that is not a range', { sheetOptions: { Sheet1: { printArea: 'A1:' } } }, /sheetOptions\.Sheet1\.printArea: .*A1:F20/),
      bad('a print area on another sheet', { sheetOptions: { Sheet1: { printArea: 'Other!A1:B2' } } }, /sheetOptions\.Sheet1\.printArea: names sheet 'Other'/),
      bad('repeat rows given as columns', { sheetOptions: { Sheet1: { repeatRows: 'A:B' } } }, /sheetOptions\.Sheet1\.repeatRows: .*like 1:2/),
      bad('repeat columns given as rows', { sheetOptions: { Sheet1: { repeatCols: '1:2' } } }, /sheetOptions\.Sheet1\.repeatCols: .*like A:B/),
      bad('a row break at 0', { sheetOptions: { Sheet1: { rowBreaks: [0] } } }, /sheetOptions\.Sheet1\.rowBreaks\[0\]: must be a row number/),
      bad('a column break that is neither number nor letters', { sheetOptions: { Sheet1: { colBreaks: ['1A'] } } }, /sheetOptions\.Sheet1\.colBreaks\[0\]: must be a column number .* or letters/),
      bad('a chart image where no chart is', { chartImages: { 'Sheet1!Z99': PNG_1X1 } }, /chartImages\.Sheet1!Z99: no chart is anchored there; charts are at Sheet1!D2/),
      bad('a chart image on an unknown sheet', { chartImages: { 'Nope!D2': PNG_1X1 } }, /chartImages\.Nope!D2: names no sheet/),
      bad('a chart image that is not base64', { chartImages: { 'Sheet1!D2': 'not base64!' } }, /chartImages\.Sheet1!D2: must be a base64-encoded PNG/),
      bad('a chart image that is not a PNG', { chartImages: { 'Sheet1!D2': Buffer.from('GIF89a not a png at all, really not').toString('base64') } }, /chartImages\.Sheet1!D2: is not a PNG image/),
      bad('a date that is not ISO', { printedAt: 'yesterday' }, /printedAt: must be an ISO 8601 date/),
      bad('an impossible date', { printedAt: '2026-02-30' }, /printedAt: must be an ISO 8601 date/),
      bad('an empty file name', { fileName: '' }, /fileName: must not be empty/),
      {
        name: 'more pages than the limit: 413 naming the limit',
        op: 'export_pdf',
        args: (fx) => ({ file_uuid: fx.file, sheetOptions: { Sheet1: { printArea: 'A1:Z1000000' } } }),
        error: { code: 'payload_too_large', message: /more than 5000 pages/ },
      },
      {
        name: 'more cells than a read may hold: 413 naming the limit',
        op: 'export_pdf',
        args: (fx) => ({ file_uuid: fx.file, sheetOptions: { Sheet1: { printArea: 'A1:CV20000' } }, pageSetup: { scaling: { type: 'zoom', percent: 10 } } }),
        error: { code: 'payload_too_large', message: /hold 2000000 cells; one export prints at most 1000000/ },
      },
    ],
  },
];
