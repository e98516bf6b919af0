// Two processes on one store, each keeping the file in memory: a write through one finds the file
// moved on by the other and follows the versions in between (core/workbook/catch-up.ts) instead
// of rebuilding it. A random walk of edits alternates between the two; after each step both show
// exactly what a third process that loads the file afresh shows: values, formulas' results,
// spills, formats, hidden rows, queued code cells, and the engine itself. Writes that change
// sheets or names make the follower reload. CATCHUP_SEED and CATCHUP_STEPS run other and longer walks.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import type { OpContext } from '../core/context.ts';
import { runOp } from '../core/dispatch.ts';
import { findOp } from '../core/registry.ts';
import { createServices, type AppServices } from '../core/services.ts';
import { catchUpStats } from '../core/workbook/catch-up.ts';
import { storeForTests } from './helpers/store.ts';
import { rng } from './helpers/random.ts';

const opened = storeForTests();

describe('a process following writes another process committed', () => {
  it('shows what a fresh load shows after every step of a random walk', { timeout: 120_000 }, async () => {
    const store = opened();
    const [a, b] = [createServices(loadConfig({}), store), createServices(loadConfig({}), store)];
    // A process that keeps nothing: every snapshot loads the file as stored.
    const fresh = createServices(loadConfig({}), store);
    const space = await store.createSpace('s', new Date());
    const tok = await store.createToken({ spaceId: space.id, userName: 'u', role: 'owner', hash: 'h', expiresAt: null, at: new Date() });
    const caller = { tokenId: tok.tokenId, userId: tok.userId, userName: 'u', spaceId: space.id, spaceName: 's', role: 'owner' as const };
    const call = (services: AppServices, op: string, args: Record<string, unknown>) =>
      runOp(findOp(op)!, { caller, services, op: { name: op, args } } as OpContext, args) as Promise<Record<string, any>>;

    const { uuid: file } = await call(a, 'create_file', { name: 'shared' });
    const f = { file_uuid: file };
    const rows = 600;
    await call(a, 'write_cells', { ...f, cell: 'A1', input: 'user_entered', values: Array.from({ length: rows }, (_, r) => [String(r % 13), `=A${r + 1}*2`, r % 7 === 0 ? 'x' : String(r)]) });
    await call(a, 'write_cells', {
      ...f,
      cell: 'E1',
      input: 'user_entered',
      values: [[`=SUM(B1:B${rows})`], [`=SUBTOTAL(109,A1:A${rows})`], ['=SEQUENCE(3)'], [null], [null], [`=COUNTA(C1:C${rows})`], ['=MAX(Other!A1:A50)']],
    });
    await call(a, 'add_sheet', { ...f, name: 'Other' });
    await call(a, 'write_cells', { ...f, sheet: 'Other', cell: 'A1', values: [['5'], ['9']] });

    const snapshot = async (services: AppServices) => {
      if (services === fresh) fresh.workbooks.clear();
      const main = await call(services, 'read_cells', { ...f, range: `A1:G${rows + 5}`, render: 'raw' });
      const other = await call(services, 'read_cells', { ...f, sheet: 'Other', range: 'A1:C60', render: 'raw' });
      const formats = await call(services, 'read_formats', { ...f, range: 'A1:G20' });
      return JSON.stringify([main.values, main.pending, other.values, formats.formats]);
    };
    await snapshot(a);
    await snapshot(b);

    const random = rng(Number(process.env.CATCHUP_SEED ?? 11));
    const int = (n: number) => Math.floor(random() * n);
    const before = { ...catchUpStats };
    let reloads = 0;
    for (let step = 0; step < Number(process.env.CATCHUP_STEPS ?? 80); step++) {
      const by = step % 2 ? b : a;
      const kind = int(20);
      const row = 1 + int(rows);
      let what: string;
      if (kind < 6) {
        what = `A${row} = number`;
        await call(by, 'write_cells', { ...f, cell: `A${row}`, values: [[String(int(100))]] });
      } else if (kind < 8) {
        what = `C${row} = text`;
        await call(by, 'write_cells', { ...f, cell: `C${row}`, values: [['t' + int(9)]] });
      } else if (kind < 10) {
        what = `B${row} = formula`;
        await call(by, 'write_cells', { ...f, cell: `B${row}`, input: 'user_entered', values: [[`=A${1 + int(rows)}+Other!A${1 + int(3)}`]] });
      } else if (kind === 10) {
        what = 'clear A';
        await call(by, 'clear_cells', { ...f, range: `A${row}:A${row + int(20)}` });
      } else if (kind === 11) {
        what = 'block the spill, or free it';
        await call(by, 'write_cells', { ...f, cell: 'E4', values: [[step % 4 < 2 ? 'blocker' : null]] });
      } else if (kind === 12) {
        what = 'Other sheet edit';
        await call(by, 'write_cells', { ...f, sheet: 'Other', cell: `A${1 + int(50)}`, values: [[String(int(1000))]] });
      } else if (kind === 13) {
        what = 'format';
        await call(by, 'format_cells', { ...f, range: `A${1 + int(15)}:B${1 + int(15)}`, fill_color: ['#FF0000', '#00FF00', '#0000FF'][int(3)], bold: int(2) === 1 });
      } else if (kind === 14) {
        what = 'hide or show rows';
        await call(by, 'set_sizes', { ...f, indices: [String(2 + int(10))], size: int(2) ? 0 : 21 });
      } else if (kind === 15) {
        what = 'insert rows (a reload)';
        reloads++;
        await call(by, 'insert_rows_or_columns', { ...f, at: String(700 + int(50)), count: 1 });
      } else if (kind === 16) {
        what = 'define a name (a reload)';
        reloads++;
        await call(by, 'define_name', { ...f, name: `name_${step}`, refers_to: `A1:A${1 + int(9)}` });
      } else if (kind === 17) {
        what = 'column width';
        await call(by, 'set_sizes', { ...f, indices: ['C'], size: 80 + int(40) });
      } else if (kind === 18) {
        // No worker runs here: the cell stays queued, its code and status in the sheet's meta.
        what = 'code cell';
        await call(by, 'set_code_cell', { ...f, cell: `G${1 + int(5)}`, language: 'javascript', code: `${int(100)} + 1` });
      } else {
        what = 'many cells';
        await call(by, 'write_cells', { ...f, cell: `A${row}`, values: Array.from({ length: 30 }, () => [String(int(50))]) });
      }
      const want = await snapshot(fresh);
      expect(await snapshot(a), `step ${step} (${what}), process a`).toBe(want);
      expect(await snapshot(b), `step ${step} (${what}), process b`).toBe(want);
      // What each engine holds, not only what the tiles show: a stale input would surface only at
      // the next recalculation that reads it.
      const engineValues = async (services: AppServices) =>
        services.workbooks.read({ caller, services, op: { name: 'read_cells', args: {} } } as OpContext, file, async (wb) => {
          const engine = await wb.ensureEngine();
          const id = engine.hfId(wb.sheets[0]!);
          return { contents: engine.hf.getSheetSerialized(id), values: engine.hf.getSheetValues(id) };
        });
      const engines = await engineValues(fresh);
      expect(await engineValues(a), `step ${step} (${what}), engine of a`).toEqual(engines);
      expect(await engineValues(b), `step ${step} (${what}), engine of b`).toEqual(engines);
    }
    // Most steps were followed, not reloaded: each process follows the other's write on its next call.
    expect(catchUpStats.followed - before.followed).toBeGreaterThan(60);
    expect(catchUpStats.refused - before.refused).toBeLessThanOrEqual(reloads * 2);
  });
});
