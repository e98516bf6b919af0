// A sheet's autofilter (Excel's Data > Filter): the range whose first row carries the filter
// buttons, the criteria of its columns, and the sort state Excel keeps with it. Criteria this
// service can evaluate (values, blanks, two conditions, top/bottom N) are kept as data; the others
// Excel writes (dynamic date filters, colours, icons, date groups) are kept as Excel wrote them,
// exported again, and leave the rows as the file hid them. Applying criteria hides the rows that
// fail them through the sheet's own hidden rows (height 0), as Excel does.
import { parseRange, rectToA1, type Rect } from '../a1.ts';
import { shiftIndex, shiftRect, type StructureEdit } from '../workbook/shift.ts';
import type { SheetModel } from '../workbook/sheet.ts';

export const OPERATORS = ['equal', 'not_equal', 'greater_than', 'greater_or_equal', 'less_than', 'less_or_equal'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterCondition {
  operator: Operator;
  /** Text may hold Excel's wildcards (* ? ~) for equal and not_equal. */
  value: string;
}

export interface FilterColumn {
  /** Zero-based offset of the column inside the filter's range. */
  col: number;
  /** Shown values to keep (Excel compares the displayed text). */
  values?: string[];
  /** Keep empty cells too. */
  blank?: boolean;
  /** One or two conditions, joined by AND when `and`, else OR. */
  conditions?: FilterCondition[];
  and?: boolean;
  /** `filter_val`: the value Excel found at the Nth place when it last applied the filter (kept from files). */
  top?: { count: number; percent?: boolean; bottom?: boolean; filter_val?: number };
  /** A criterion kept as the file wrote it (the inside of <filterColumn>): not evaluated here. */
  xml?: string;
  /** The column shows no button (hiddenButton). */
  hidden_button?: boolean;
  /** Excel's showButton="0" (a column of a merged header shows no button), kept from files. */
  show_button?: false;
}

export interface AutoFilterMeta {
  /** Header row and data, A1 ("A1:D51"). */
  range: string;
  columns?: FilterColumn[];
  /** <sortState> as the file wrote it, refs kept current with the range. */
  sort_xml?: string;
  /** Row heights the filter hid, given back when it shows them. */
  sizes?: Record<string, number>;
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    autofilter?: AutoFilterMeta;
  }
}

export const filterOf = (sheet: SheetModel): AutoFilterMeta | undefined => sheet.meta.autofilter;

export function filterRect(f: AutoFilterMeta): Rect {
  return parseRange(f.range).rect;
}

/** The range and the criteria follow inserted, deleted and moved rows and columns; a range deleted whole goes. */
export function followStructure(sheet: SheetModel, edit: StructureEdit): void {
  const f = filterOf(sheet);
  if (!f) return;
  const before = filterRect(f);
  const after = shiftRect(before, edit);
  if (!after) {
    delete sheet.meta.autofilter;
    return;
  }
  f.range = rectToA1(after);
  if (edit.axis === 'col' && f.columns) {
    f.columns = f.columns.flatMap((c) => {
      const at = shiftIndex(before.c0 + c.col, edit);
      return at === null || at < after.c0 || at > after.c1 ? [] : [{ ...c, col: at - after.c0 }];
    });
  }
  if (edit.axis === 'row' && f.sizes) {
    const sizes: Record<string, number> = {};
    for (const [r, px] of Object.entries(f.sizes)) {
      const at = shiftIndex(Number(r), edit);
      if (at !== null) sizes[String(at)] = px;
    }
    f.sizes = sizes;
  }
  if (f.sort_xml) f.sort_xml = shiftSortRefs(f.sort_xml, edit);
}

/** ref="A2:D51" attributes of a <sortState> moved by a structure edit (a ref deleted whole drops the condition). */
function shiftSortRefs(xml: string, edit: StructureEdit): string | undefined {
  let gone = false;
  const out = xml.replace(/(<(?:\w+:)?(sortState|sortCondition)\b[^>]*?\bref=")([^"]+)(")/g, (all, head: string, tag: string, ref: string, tail: string) => {
    try {
      const moved = shiftRect(parseRange(ref).rect, edit);
      if (!moved) {
        if (tag === 'sortState') gone = true;
        return all;
      }
      return `${head}${rectToA1(moved)}${tail}`;
    } catch {
      return all;
    }
  });
  return gone ? undefined : out;
}
