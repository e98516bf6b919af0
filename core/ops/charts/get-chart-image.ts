// GET /v1/files/{id}/charts/{chart_id}/image: the chart drawn on the server as SVG or PNG, with
// the same drawing code the PDF export uses, so an agent (or a person) can look at it.
import { z } from 'zod';
import { defineOp, type BinaryResult } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { placement } from '../../charts/layout.ts';
import { svgToPng } from '../../charts/png.ts';
import { resolveChart } from '../../charts/resolve.ts';
import { buildScene } from '../../charts/scene.ts';
import { sceneToSvg } from '../../charts/svg.ts';
import { ChartId } from '../../charts/schemas.ts';
import { locateChart } from '../../charts/locate.ts';

const Pixels = z.number().int().min(50, 'must be 50..4000').max(4000, 'must be 50..4000');

export const getChartImage = defineOp({
  name: 'get_chart_image',
  summary: 'Render a chart as PNG or SVG.',
  area: 'charts',
  http: { method: 'GET', path: '/v1/files/:file_uuid/charts/:chart_id/image' },
  input: z.strictObject({
    file_uuid: FileId,
    chart_id: ChartId,
    format: z.enum(['png', 'svg']).default('png').describe('Default png.'),
    width: Pixels.optional().describe('Pixels; default from its cells.'),
    height: Pixels.optional().describe('Pixels; default from its cells.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ contentType: z.string(), body: z.unknown() }),
  hints: { readOnly: true, idempotent: true },
  binary: true,
  // An image inside a batch's JSON results would be useless: fetch it on its own.
  batchable: false,
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb): Promise<BinaryResult> => {
      const { sheet, chart } = locateChart(wb, input.chart_id, input.sheet);
      const at = placement(sheet, chart);
      const scene = buildScene(await resolveChart(wb, chart), input.width ?? Math.min(at.width, 4000), input.height ?? Math.min(at.height, 4000));
      const svg = sceneToSvg(scene);
      const safe = chart.name.replace(/[^\w.\- ]/g, '_');
      if (input.format === 'svg') return { contentType: 'image/svg+xml', body: Buffer.from(svg), fileName: `${safe}.svg` };
      return { contentType: 'image/png', body: await svgToPng(svg), fileName: `${safe}.png` };
    }),
});
