// The code cells' part of GET /context: the dependency graph of code cells (what each reads,
// which code cells read its result).
import { qualified, rectToA1, rectsIntersect } from '../a1.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allCodeCells, anchorA1, edgeA1, edgeRect } from './model.ts';

export function codeCellsContext(wb: Workbook): unknown[] {
  const all = [...allCodeCells(wb)];
  return all.map(({ sheet, cc }) => {
    const result = cc.spill ?? { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col };
    const readBy = all.filter((o) => o.cc !== cc && (o.cc.reads ?? []).some((e) => e.sheet_id === sheet.id && rectsIntersect(edgeRect(e), result)));
    return {
      sheet: sheet.name,
      cell: anchorA1(cc),
      language: cc.language,
      status: cc.status,
      ...(cc.connection_id ? { connection_uuid: cc.connection_id } : {}),
      result_range: rectToA1(result),
      reads: (cc.reads ?? []).map((e) => edgeA1(wb, e)),
      read_by: readBy.map((o) => qualified(o.sheet.name, anchorA1(o.cc))),
      ...(cc.error ? { error: cc.error } : {}),
    };
  });
}
