// Pictures for the viewer (an <svg> with the picture inside, which the page's CSP allows as a data:
// image) and for /context (where each sits, its size and type, not its bytes).
import { cellToA1 } from '../a1.ts';
import type { SheetGraphic } from '../workbook/area.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { MIME } from './model.ts';

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function imageGraphics(_wb: Workbook, sheet: SheetModel): SheetGraphic[] {
  return (sheet.meta.images ?? []).map((im) => ({
    row: im.anchor.row,
    col: im.anchor.col,
    dx: im.dx,
    dy: im.dy,
    width: im.width,
    height: im.height,
    plain: true,
    ...(im.name ? { title: im.name } : {}),
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${im.width}" height="${im.height}" viewBox="0 0 ${im.width} ${im.height}"><image href="data:${MIME[im.type]};base64,${escAttr(im.data)}" width="${im.width}" height="${im.height}" preserveAspectRatio="none"/></svg>`,
  }));
}

export function imagesContext(wb: Workbook): unknown[] {
  return wb.sheets.flatMap((sheet) =>
    (sheet.meta.images ?? []).map((im) => ({ id: im.id, cell: `${sheet.name}!${cellToA1(im.anchor)}`, width: im.width, height: im.height, type: im.type, ...(im.name ? { name: im.name } : {}) })),
  );
}
