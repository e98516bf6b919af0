// What a write has changed beyond cells and sheet meta (which the sheets track themselves), and
// the commit set built from all of it: the file's new name, deleted sheets, the style table, and
// the tasks the write queues or finishes in the same transaction (code cells).
import type { CommitDelta, CommitOutbox, CommitSet, LogEntry } from '../store.ts';
import { tileOf } from './tile.ts';
import type { Workbook } from './workbook.ts';

/** Past this many tiles a write is not worth following tile by tile: other processes reload the file. */
const DELTA_MAX_TILES = 2000;

export class Changeset {
  /** Tasks this write queues or finishes, committed in the same transaction (code cells). */
  outbox: CommitOutbox = {};
  private deletedSheets: string[] = [];
  private renamed = false;

  sheetDeleted(id: string): void {
    this.deletedSheets.push(id);
  }

  fileRenamed(): void {
    this.renamed = true;
  }

  /** Is there anything to commit? */
  pending(wb: Workbook): boolean {
    return this.renamed || wb.styles.dirty || this.deletedSheets.length > 0 || Boolean(this.outbox.tasks?.length || this.outbox.finish?.length) || wb.sheets.some((s) => s.dirtyTiles.size > 0 || s.changedRecord() !== undefined);
  }

  build(wb: Workbook, at: Date, log: LogEntry): CommitSet {
    const set: CommitSet = { fileId: wb.file.id, baseVersion: wb.file.version, at, sheetsUpsert: [], sheetsDelete: [...this.deletedSheets], tilesUpsert: [], tilesDelete: [], log };
    if (this.renamed) set.name = wb.file.name;
    if (wb.styles.dirty) set.styles = wb.styles.toJSON();
    if (this.outbox.tasks?.length || this.outbox.finish?.length) set.outbox = this.outbox;
    for (const sheet of wb.sheets) {
      const rec = sheet.changedRecord();
      if (rec) set.sheetsUpsert.push(rec);
      for (const key of sheet.dirtyTiles) {
        const { tr, tc } = tileOf(key);
        const b = sheet.boundsOf(key);
        if (!b) set.tilesDelete.push({ sheetId: sheet.id, tr, tc });
        else set.tilesUpsert.push({ sheetId: sheet.id, tr, tc, ...b, data: sheet.tiles.get(key)!.encode() });
      }
    }
    const delta = this.delta(wb, set);
    if (delta) set.delta = delta;
    return set;
  }

  /**
   * What another process holding the previous version needs to follow this one (catch-up.ts), or
   * undefined when the write added, removed or restructured a sheet: those reload the file.
   */
  private delta(wb: Workbook, set: CommitSet): CommitDelta | undefined {
    if (set.sheetsDelete.length || wb.changes.structural.size) return undefined;
    if (set.tilesUpsert.length + set.tilesDelete.length > DELTA_MAX_TILES) return undefined;
    if (set.sheetsUpsert.some((rec) => !wb.sheets.find((s) => s.id === rec.id)?.isStored())) return undefined;
    const tiles: CommitDelta['tiles'] = {};
    for (const t of [...set.tilesUpsert, ...set.tilesDelete]) (tiles[t.sheetId] ??= []).push([t.tr, t.tc]);
    const delta: CommitDelta = { tiles, sheets: set.sheetsUpsert.map((s) => s.id) };
    if (set.styles) delta.styles = true;
    return delta;
  }

  /** Marks everything stored. */
  committed(wb: Workbook, version: number, at: Date): void {
    wb.file.version = version;
    wb.file.modified = at;
    this.renamed = false;
    wb.styles.dirty = false;
    this.deletedSheets = [];
    this.outbox = {};
    for (const sheet of wb.sheets) {
      sheet.markStored();
      for (const key of sheet.dirtyTiles) {
        if (!sheet.boundsOf(key)) {
          sheet.index.delete(key);
          sheet.tiles.delete(key);
        }
      }
      sheet.dirtyTiles.clear();
    }
  }
}
