// Code cells end to end through every door: inputs written, code reads them, the result spills,
// an input changes (directly or through a formula), the code reruns by itself, the result follows.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type Case, type CaseGroup } from './types.ts';

/** Waits until the code cell's latest run (and any rerun it caused) has finished; returns the cell. */
export async function settle(door: Door, file: string, cell: string, sheet?: string): Promise<any> {
  for (let i = 0; i < 20; i++) {
    const cc = await must(door, 'get_code_cell', { file_uuid: file, cell, ...(sheet ? { sheet } : {}) });
    if (cc.status === 'done' || cc.status === 'error') return cc;
    await must(door, 'wait_task', { task_id: cc.task_id, timeout_ms: 30_000 });
  }
  throw new Error(`${cell} did not settle`);
}

export async function values(door: Door, file: string, range: string): Promise<string[][]> {
  return (await must(door, 'read_cells', { file_uuid: file, range })).values;
}

/** The same end-to-end story for a language whose code reads cells. */
function story(language: 'python' | 'javascript', code: { table: string; formula: string; fails: string; failMessage: RegExp; three: string; one: string }): CaseGroup {
  return {
    name: `${language} end to end`,
    setup: async (door) => {
      const file = await newFile(door, `${language}-story`);
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['fruit', 'qty'], ['apples', '3'], ['pears', '5'], ['plums', '7']] });
      return { file };
    },
    cases: [
      {
        name: 'code reading a table spills its result with a header row',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'D1', language, code: code.table }),
        ok: (d) => {
          expect(d).toMatchObject({ sheet: 'Sheet1', cell: 'D1', status: 'queued' });
          expect(d.task_id).toMatch(/^[0-9a-f-]{36}$/);
        },
        then: async (door, fx) => {
          const cc = await settle(door, fx.file, 'D1');
          expect(cc).toMatchObject({ language, status: 'done', result_range: 'D1:F4', reads: ['A1:B4'] });
          expect(cc.output).toMatch(/rows: 3/);
          expect(await values(door, fx.file, 'D1:F4')).toEqual([['fruit', 'qty', 'double'], ['apples', '3', '6'], ['pears', '5', '10'], ['plums', '7', '14']]);
          const task = await must(door, 'get_task', { task_id: cc.task_id });
          expect(task).toMatchObject({ status: 'done', cell: 'Sheet1!D1', attempts: 1 });
          expect(task.version).toBeGreaterThan(2);
        },
      },
      {
        name: 'editing an input reruns the code by itself; the reply names the rerun, wait_task scope file waits for it',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B2', values: [['30']] }),
        ok: (d, fx) => {
          expect(d.effects.code_requeued).toEqual([{ cell: 'D1', task_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
          fx.rerun = d.effects.code_requeued[0].task_id;
        },
        then: async (door, fx) => {
          const waited = await must(door, 'wait_task', { task_id: fx.rerun, scope: 'file', timeout_ms: 30_000 });
          expect(waited).toMatchObject({ timed_out: false, file_pending: 0 });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'D1:F4' })).pending).toBeUndefined();
          await settle(door, fx.file, 'D1');
          expect(await values(door, fx.file, 'E2:F2')).toEqual([['30', '60']]);
        },
      },
      {
        name: 'a formula input that recomputes reruns the code',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B6', formula: '=B2*10' }),
        then: async (door, fx) => {
          await must(door, 'set_code_cell', { file_uuid: fx.file, cell: 'H1', language, code: code.formula });
          expect((await settle(door, fx.file, 'H1')).status).toBe('done');
          expect(await values(door, fx.file, 'H1')).toEqual([['301']]);
          await must(door, 'write_cells', { file_uuid: fx.file, cell: 'B2', values: [['4']] });
          await settle(door, fx.file, 'H1');
          expect(await values(door, fx.file, 'H1')).toEqual([['41']]);
          await settle(door, fx.file, 'D1');
        },
      },
      {
        name: 'get_context shows the code cells and what they read',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => {
          const d1 = d.code_cells.find((c: any) => c.cell === 'D1');
          expect(d1).toMatchObject({ sheet: 'Sheet1', language, result_range: 'D1:F4', reads: ['Sheet1!A1:B4'] });
          expect(d.code_cells.find((c: any) => c.cell === 'H1').reads).toEqual(['Sheet1!B6']);
        },
      },
      {
        name: 'an exception is an error in the cell with the user code line',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'J1', language, code: code.fails }),
        then: async (door, fx) => {
          const cc = await settle(door, fx.file, 'J1');
          expect(cc.status).toBe('error');
          expect(cc.error).toMatch(code.failMessage);
          expect(cc.traceback ?? '').not.toMatch(/runner|sandbox|node_modules/);
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'J1' });
          expect(r.errors[0]).toMatchObject({ cell: 'J1', error: '#ERROR!' });
        },
      },
      {
        name: 'a result spilling onto occupied cells is #SPILL!, and nothing is overwritten',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'L2', values: [['keep me']] }),
        then: async (door, fx) => {
          await must(door, 'set_code_cell', { file_uuid: fx.file, cell: 'L1', language, code: code.three });
          const cc = await settle(door, fx.file, 'L1');
          expect(cc.status).toBe('error');
          expect(cc.error).toMatch(/would overwrite L2/);
          expect(await values(door, fx.file, 'L1:L3')).toEqual([['#SPILL!'], ['keep me'], ['']]);
        },
      },
      {
        name: 'a rerun with a smaller result clears the rest of the previous spill',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'N1', language, code: code.three }),
        then: async (door, fx) => {
          await settle(door, fx.file, 'N1');
          expect(await values(door, fx.file, 'N1:N3')).toEqual([['1'], ['2'], ['3']]);
          const has = await door.call('get_code_cell', { file_uuid: fx.file, cell: 'N2' });
          expect(has.ok).toBe(false);
          await must(door, 'set_code_cell', { file_uuid: fx.file, cell: 'N1', language, code: code.one });
          await settle(door, fx.file, 'N1');
          expect(await values(door, fx.file, 'N1:N3')).toEqual([['1'], [''], ['']]);
        },
      },
      {
        name: 'rerun_code_cells runs the cells of a range again',
        op: 'rerun_code_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:I9' }),
        ok: (d) => expect(d.tasks.map((t: any) => t.cell).sort()).toEqual(['D1', 'H1']),
        then: async (door, fx) => {
          const cc = await settle(door, fx.file, 'D1');
          expect(cc.status).toBe('done');
        },
      },
      {
        name: 'a code cell inside another cell’s result is refused',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'E3', language, code: '1' }),
        error: { code: 'invalid_argument', message: /E3 holds part of the result of the code cell at D1/ },
      },
      {
        name: 'writing a value over the anchor replaces the code cell and its result',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'N1', values: [['plain']] }),
        then: async (door, fx) => {
          const out = await door.call('get_code_cell', { file_uuid: fx.file, cell: 'N1' });
          expect(out.ok).toBe(false);
          expect(await values(door, fx.file, 'N1')).toEqual([['plain']]);
        },
      },
    ],
  };
}

export const pythonStory = story('python', {
  table: 'df = cells("A1:B4")\ndf["double"] = df["qty"] * 2\nprint("rows:", len(df))\ndf',
  formula: 'cell("B6") + 1',
  fails: 'x = 1\ny = 0\nx / y',
  failMessage: /ZeroDivisionError: division by zero \(line 3\)/,
  three: '[1, 2, 3]',
  one: '1',
});

export const jsStory = story('javascript', {
  table: 'const [head, ...rows] = cells("A1:B4");\nconsole.log("rows:", rows.length);\n[[...head, "double"], ...rows.map(([f, q]) => [f, q, q * 2])]',
  formula: 'cell("B6") + 1',
  fails: 'const x = null;\nx.foo',
  failMessage: /TypeError: Cannot read properties of null .* \(line 2\)/,
  three: '[1, 2, 3]',
  one: '1',
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

export const codeInputCases: CaseGroup = {
  name: 'code cell input',
  setup: async (door) => ({ file: await newFile(door, 'code-input') }),
  cases: [
    { name: 'language connection needs connection_uuid', op: 'set_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', language: 'connection', code: 'select 1' }), error: { code: 'invalid_argument', message: /connection_uuid: is required/ } },
    { name: 'connection_uuid only with language connection', op: 'set_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', language: 'python', code: '1', connection_uuid: UNKNOWN }), error: { code: 'invalid_argument', message: /connection_uuid: is only for language "connection"/ } },
    { name: 'unknown connection', op: 'set_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', language: 'connection', code: 'select 1', connection_uuid: UNKNOWN }), error: { code: 'not_found', message: /connection_uuid: no connection/ } },
    { name: 'unknown language', op: 'set_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', language: 'ruby', code: '1' }), error: { code: 'invalid_argument', message: /language: must be one of "python", "connection", "javascript"/ } },
    { name: 'empty code', op: 'set_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', language: 'python', code: '' }), error: { code: 'invalid_argument', message: /code: must not be empty/ } },
    { name: 'bad cell', op: 'set_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1:B2', language: 'python', code: '1' }), error: { code: 'invalid_argument', message: /cell/ } },
    { name: 'nothing was placed by the failed calls', op: 'get_code_cell', args: (fx) => ({ file_uuid: fx.file, cell: 'A1' }), error: { code: 'not_found', message: /holds no code cell or formula/ } },
    { name: 'get_code_cell of a formula gives the formula', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'C1', formula: '=1+2' }), then: async (door, fx) => expect(await must(door, 'get_code_cell', { file_uuid: fx.file, cell: 'C1' })).toMatchObject({ language: 'formula', code: '=1+2', status: 'done' }) },
    { name: 'get_task of an unknown task', op: 'get_task', args: () => ({ task_id: UNKNOWN }), error: { code: 'not_found', message: /task_id: no task/ } },
    { name: 'wait_task with a bad timeout', op: 'wait_task', args: () => ({ task_id: UNKNOWN, timeout_ms: 999_999 }), error: { code: 'invalid_argument', message: /timeout_ms: must be 0..60000/ } },
    { name: 'rerun with nothing to rerun', op: 'rerun_code_cells', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.tasks).toEqual([]) },
    {
      name: 'a code cell placed in a batch reads the values written before it, in one version',
      op: 'run_batch',
      args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'write_cells', args: { cell: 'E1', values: [['20'], ['22']] } }, { op: 'set_code_cell', args: { cell: 'F1', language: 'javascript', code: 'cells("E1:E2").flat().reduce((a, b) => a + b, 0)' } }] }),
      ok: (d) => expect(d.results[1]).toMatchObject({ cell: 'F1', status: 'queued' }),
      then: async (door, fx) => {
        expect((await settle(door, fx.file, 'F1')).status).toBe('done');
        expect(await values(door, fx.file, 'F1')).toEqual([['42']]);
      },
    },
  ] satisfies Case[],
};
