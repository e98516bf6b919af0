// References written in code follow structural edits, as formula references do: the literal
// A1 text in cell("A1"), cells("A1:C9") (Python, JavaScript) and {{A1}} (SQL) is shifted when
// rows or columns are inserted, deleted or moved on the sheet it names; a deleted range becomes
// "#REF!", which the code then reports as a bad reference.
import { A1Error, cellToA1, indexToCol, parseRange, splitSheet, type ParsedRef, type Rect } from '../a1.ts';
import { shiftRect, type StructureEdit } from '../workbook/shift.ts';
import type { Language } from './model.ts';

const CALL = /\b(cells?)(\s*\(\s*)(["'])([^"'\n]{1,300})\3/g;
const PLACEHOLDER = /\{\{(\s*)([^{}]{1,300}?)(\s*)\}\}/g;

/**
 * The code with every literal reference to `edited` shifted by the edit. `home` is the sheet the
 * code cell is on (unqualified references point there).
 */
export function shiftCodeRefs(code: string, language: Language, home: string, edited: string, edit: StructureEdit): string {
  const shift = (ref: string): string => {
    let parsed: ParsedRef;
    try {
      parsed = parseRange(ref);
    } catch (err) {
      if (err instanceof A1Error) return ref;
      throw err;
    }
    if ((parsed.sheet ?? home).toLowerCase() !== edited.toLowerCase()) return ref;
    const moved = shiftRect(parsed.rect, edit);
    const { local } = splitSheet(ref);
    const prefix = ref.trim().slice(0, ref.trim().length - local.length);
    return moved ? prefix + format(moved, parsed.kind, local.includes(':')) : '#REF!';
  };
  if (language === 'connection') return code.replace(PLACEHOLDER, (_m, a: string, ref: string, b: string) => `{{${a}${shift(ref)}${b}}}`);
  return code.replace(CALL, (_m, fn: string, open: string, q: string, ref: string) => `${fn}${open}${q}${shift(ref)}${q}`);
}

function format(r: Rect, kind: ParsedRef['kind'], range: boolean): string {
  if (kind === 'cols') return `${indexToCol(r.c0)}:${indexToCol(r.c1)}`;
  if (kind === 'rows') return `${r.r0 + 1}:${r.r1 + 1}`;
  const a = cellToA1({ row: r.r0, col: r.c0 });
  return range || r.r0 !== r.r1 || r.c0 !== r.c1 ? `${a}:${cellToA1({ row: r.r1, col: r.c1 })}` : a;
}
