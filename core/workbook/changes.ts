// Which cells a write changed — its own inputs and every value the formula engine recomputed —
// so hooks can refresh what depends on them (pivots, code cells). Cleared after each commit.
import type { Rect } from '../a1.ts';
import { rectsIntersect } from '../a1.ts';

export class ChangeLog {
  private readonly bySheet = new Map<string, Rect[]>();
  /** Sheets whose structure or existence changed: anything on them may have moved. */
  readonly structural = new Set<string>();

  add(sheetId: string, rect: Rect): void {
    let list = this.bySheet.get(sheetId);
    if (!list) this.bySheet.set(sheetId, (list = []));
    const last = list[list.length - 1];
    // Cells reported one by one down a column coalesce into one rectangle.
    if (last && last.c0 === rect.c0 && last.c1 === rect.c1 && last.r1 + 1 === rect.r0) last.r1 = rect.r1;
    else list.push({ ...rect });
  }

  touches(sheetId: string, rect: Rect): boolean {
    if (this.structural.has(sheetId)) return true;
    return (this.bySheet.get(sheetId) ?? []).some((r) => rectsIntersect(r, rect));
  }

  sheets(): string[] {
    return [...new Set([...this.bySheet.keys(), ...this.structural])];
  }

  rects(sheetId: string): readonly Rect[] {
    return this.bySheet.get(sheetId) ?? [];
  }

  get empty(): boolean {
    return this.bySheet.size === 0 && this.structural.size === 0;
  }

  clear(): void {
    this.bySheet.clear();
    this.structural.clear();
  }
}
