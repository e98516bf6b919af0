// Paper sizes, orientation and margins in PDF points (72 per inch), with Excel's defaults:
// Letter portrait, "Normal" margins (0.75 in top/bottom, 0.7 in left/right, 0.3 in header/footer).
import { invalidArg } from '../../errors.ts';
import type { PageSetupIn, PaperSize } from './settings.ts';

export const PT_PER_IN = 72;
/** Sheet sizes are pixels at 96 per inch, as in every spreadsheet program. */
export const PT_PER_PX = 0.75;

/** Width x height in inches, portrait. */
const PAPER_IN: Record<PaperSize, [number, number]> = {
  letter: [8.5, 11],
  legal: [8.5, 14],
  tabloid: [11, 17],
  executive: [7.25, 10.5],
  a3: [297 / 25.4, 420 / 25.4],
  a4: [210 / 25.4, 297 / 25.4],
  a5: [148 / 25.4, 210 / 25.4],
};

const DEFAULT_MARGINS = { top: 0.75, bottom: 0.75, left: 0.7, right: 0.7, header: 0.3, footer: 0.3 };

/** At least this much paper must stay between the margins, each way. */
const MIN_ROOM_IN = 0.5;

export interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
  header: number;
  footer: number;
}

export interface PageFormat {
  paper: PaperSize;
  /** Points, after orientation. */
  width: number;
  height: number;
  /** Points. */
  margins: Margins;
}

export function pageFormat(setup: PageSetupIn | undefined): PageFormat {
  const paper = setup?.paperSize ?? 'letter';
  let [w, h] = PAPER_IN[paper];
  if (setup?.orientation === 'landscape') [w, h] = [h, w];
  const m = { ...DEFAULT_MARGINS, ...setup?.margins };
  if (w - m.left - m.right < MIN_ROOM_IN) {
    throw invalidArg('pageSetup.margins', `left + right (${m.left + m.right} in) leave less than ${MIN_ROOM_IN} in of the ${w.toFixed(2)} in wide ${paper} page; make them smaller`);
  }
  if (h - m.top - m.bottom < MIN_ROOM_IN) {
    throw invalidArg('pageSetup.margins', `top + bottom (${m.top + m.bottom} in) leave less than ${MIN_ROOM_IN} in of the ${h.toFixed(2)} in high ${paper} page; make them smaller`);
  }
  const pt = (v: number) => v * PT_PER_IN;
  return {
    paper,
    width: pt(w),
    height: pt(h),
    margins: { top: pt(m.top), bottom: pt(m.bottom), left: pt(m.left), right: pt(m.right), header: pt(m.header), footer: pt(m.footer) },
  };
}
