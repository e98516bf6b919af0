// A workbook kept in memory while another process committed newer versions of its file follows
// them instead of being rebuilt: the tiles those versions wrote are read again, and the formula
// engine is given just the cells whose content differs. Rebuilding a 10k-formula engine takes
// hundreds of milliseconds; following one edited cell takes about as long as the edit did.
//
// What the engine computes depends only on the cells' contents, the workbook's names, the sheets
// themselves and which rows are hidden. A version that changed sheets (added, removed, renamed,
// moved, rows inserted) records no delta (changeset.ts) and one that changed names or data
// tables is refused here: the caller reloads the file. Everything else follows from the tiles.
import type { RawCellContent } from 'hyperformula';
import type { FileChanges } from '../store.ts';
import { formulaOf } from './cell.ts';
import { toEngineContent } from './engine.ts';
import type { SheetModel } from './sheet.ts';
import type { SheetMeta } from './sheet-meta.ts';
import { StyleTable } from './style.ts';
import { Tile, TILE_COLS, TILE_ROWS, tileKey } from './tile.ts';
import type { Workbook } from './workbook.ts';

/** How often workbooks followed another process's versions, and how often they were reloaded instead (tests read these). */
export const catchUpStats = { followed: 0, refused: 0 };

/**
 * Sheet-meta slices whose change another process's tiles fully carry, or that the engine never
 * reads. The rest (names, data tables, pivots, any slice added later) mean a reload.
 */
const FOLLOWED: ReadonlySet<string> = new Set([
  'formulas', 'default_col_width', 'default_row_height', 'col_widths', 'row_heights', 'col_styles', 'row_styles', 'merges', 'frozen',
  'show_gridlines', 'tab_color', 'visibility', 'print', 'notes', 'links', 'images', 'charts', 'cond_formats', 'validations', 'code_cells',
]);

/**
 * Brings `wb` (committed, nothing pending) to the version `changes` describes. Returns false,
 * having changed nothing, when these changes need a reload of the file; the workbook must be
 * dropped if this throws.
 */
export async function catchUp(wb: Workbook, changes: FileChanges): Promise<boolean> {
  if (wb.hasChanges() || changes.file.version <= wb.version) return false;
  const byId = new Map(wb.sheets.map((s) => [s.id, s]));
  for (const rec of changes.sheets) {
    const sheet = byId.get(rec.id);
    if (!sheet || sheet.name !== rec.name || sheet.position !== rec.position || !followable(sheet.meta, rec.meta)) return false;
  }
  if (changes.tiles.some((t) => !byId.has(t.sheetId))) return false;

  const engine = wb.engine;
  const hiddenBefore = new Map(changes.sheets.map((rec) => [rec.id, hiddenRows(byId.get(rec.id)!.meta)]));
  if (changes.styles) wb.styles = new StyleTable(changes.styles);
  for (const rec of changes.sheets) byId.get(rec.id)!.followStored(rec);

  // The cells whose content the engine sees changed, per sheet it holds.
  const edits = new Map<SheetModel, [row: number, col: number, content: RawCellContent][]>();
  const formulas = new Map<SheetModel, string[]>();
  for (const { sheetId, tr, tc, tile: rec } of changes.tiles) {
    const sheet = byId.get(sheetId)!;
    const key = tileKey(tr, tc);
    const inEngine = engine?.loaded.has(sheetId) ?? false;
    const next = rec ? Tile.decode(rec.data) : undefined;
    if (inEngine) {
      const old = sheet.tiles.get(key);
      const list = edits.get(sheet) ?? [];
      diffTiles(old, next, tr * TILE_ROWS, tc * TILE_COLS, list, formulas.get(sheet) ?? formulas.set(sheet, []).get(sheet)!);
      edits.set(sheet, list);
    }
    if (rec) sheet.index.set(key, { r0: rec.r0, r1: rec.r1, c0: rec.c0, c1: rec.c1 });
    else sheet.index.delete(key);
    // A tile nobody has read stays unloaded: it is read from the store when needed.
    if (next && (inEngine || sheet.tiles.has(key))) sheet.addLoaded(key, next);
    else sheet.tiles.delete(key);
  }
  wb.file = { ...changes.file };

  if (engine) {
    // New formulas may name sheets the engine holds only as placeholders: they are filled first.
    for (const [sheet, texts] of formulas) if (texts.length) await wb.prepareFor(sheet, texts);
    for (const [sheet, list] of edits) if (list.length) engine.setCells(sheet, list);
    // A cell emptied may have been what blocked a spill, which the engine does not see by itself.
    if ([...edits.values()].some((list) => list.some(([, , content]) => content === null))) wb.retryBlockedSpills();
    for (const sheet of edits.keys()) wb.rescanBlockedSpills(sheet);
    if (changes.sheets.some((rec) => hiddenRows(byId.get(rec.id)!.meta) !== hiddenBefore.get(rec.id))) wb.recalculate();
  }
  // The tiles hold what the other process stored, its formulas' results included; what the engine
  // just recomputed is the same, so nothing here is a change of this process's to commit.
  for (const sheet of wb.sheets) sheet.dirtyTiles.clear();
  wb.changes.clear();
  wb.effects.reset();
  return true;
}

function followable(before: SheetMeta, after: SheetMeta): boolean {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!FOLLOWED.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key])) return false;
  }
  return true;
}

/** The rows a height of 0 hides, as a comparable text (SUBTOTAL's 101-111 forms skip them). */
function hiddenRows(meta: SheetMeta): string {
  return Object.entries(meta.row_heights ?? {}).filter(([, px]) => px === 0).map(([row]) => row).join(',');
}

/** Appends every cell at an offset of (row0, col0) whose engine content differs between two versions of a tile. */
function diffTiles(old: Tile | undefined, next: Tile | undefined, row0: number, col0: number, out: [number, number, RawCellContent][], formulas: string[]): void {
  const a = old?.rows ?? [], b = next?.rows ?? [];
  for (let r = 0; r < Math.max(a.length, b.length); r++) {
    const ra = a[r], rb = b[r];
    if (!ra && !rb) continue;
    for (let c = 0; c < Math.max(ra?.length ?? 0, rb?.length ?? 0); c++) {
      const was = toEngineContent(ra?.[c] ?? null), now = toEngineContent(rb?.[c] ?? null);
      if (was === now) continue;
      out.push([row0 + r, col0 + c, now]);
      const f = formulaOf(rb?.[c] ?? null);
      if (f !== undefined) formulas.push(f);
    }
  }
}
