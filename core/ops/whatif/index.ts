// The what-if area: Excel's data tables ({=TABLE(row_input,col_input)}), kept with the values the
// file cached (the engine here does not compute them), following inserted and deleted rows and
// columns, listed in /context and written back to xlsx (core/whatif/).
import { defineArea } from '../../area.ts';
import { indexToCol, rectToA1 } from '../../a1.ts';
import { dataTablesOf, followStructure, tableFormula } from '../../whatif/model.ts';
import type { Workbook } from '../../workbook/workbook.ts';

const cell = (p: { row: number; col: number } | undefined) => (p ? `${indexToCol(p.col)}${p.row + 1}` : '#REF!');

const dataTablesContext = (wb: Workbook) =>
  wb.sheets.flatMap((sheet) =>
    dataTablesOf(sheet).map((t) => ({
      sheet: sheet.name,
      range: rectToA1(t.rect),
      formula: tableFormula(t),
      ...(t.two || t.row ? { row_input: cell(t.r1) } : {}),
      ...(t.two ? { col_input: cell(t.r2) } : !t.row ? { col_input: cell(t.r1) } : {}),
      computed: false,
      note: 'a what-if data table: its cells show the values the file cached and are read-only; they are not recomputed here',
    })),
  );

export const whatifArea = defineArea({
  name: 'whatif',
  group: 'objects',
  ops: [],
  objects: {
    onStructure: (_wb, sheet, edit) => followStructure(sheet, edit),
  },
  context: { data_tables: dataTablesContext },
});
